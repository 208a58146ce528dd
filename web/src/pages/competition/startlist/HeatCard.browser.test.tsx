import { type HeatVO, type StartMode, type StartVO, startGroupOf } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { HeatCard } from './HeatCard';

/**
 * The start list shows how a heat starts (RoundVO.start): a two-group waterfall of 8 splits
 * ceil(8 × 65 %) = 6 on the usual line (group 1) and 2 on the outer line (group 2), by the shared
 * `startGroupOf`; two per lane marks the lanes held by two.
 */
const start = (id: number, position: number, lane: number | null) =>
  ({
    id,
    version: 1,
    position,
    lane,
    bib: String(100 + id),
    name: `选手${id}`,
    nameEn: null,
    delegationName: '瑞安中学代表队',
    delegationShort: '瑞安中学',
    members: [],
    seedMark: null,
    mark: null,
    value: null,
    code: null,
    place: null,
    qualifier: null,
    trials: [],
  }) as unknown as StartVO;

async function mount(lang: 'en' | 'zh-cn', mode: StartMode, starts: StartVO[], lanes: boolean) {
  await i18n.changeLanguage(lang);
  const heat = { id: 1, version: 1, number: 1, status: 'draft', starts } as unknown as HeatVO;
  return render(
    <div style={{ width: 800 }}>
      <HeatCard
        heat={heat}
        heats={[heat]}
        lanes={lanes}
        start={mode}
        laneCount={8}
        field={false}
        editable={false}
        busy={false}
        onMove={() => {}}
      />
    </div>,
  );
}

describe('HeatCard start modes', () => {
  it('two-group waterfall: start positions and groups 1 (six) and 2 (two), in English', async () => {
    const starts = Array.from({ length: 8 }, (_, i) => start(i + 1, i + 1, null));
    const screen = await mount('en', 'two-groups', starts, false);
    await expect.element(screen.getByText('Start pos.').first()).toBeVisible();
    const groups = [...document.querySelectorAll('[data-testid="sl-start-group"]')].map((e) =>
      e.getAttribute('data-group'),
    );
    expect(groups).toEqual(['1', '1', '1', '1', '1', '1', '2', '2']);
    expect(groups).toEqual(starts.map((s) => String(startGroupOf(s.position, 8))));
    expect(screen.getByText('Group 2').elements()).toHaveLength(2);
  });

  it('two per lane: the shared lanes are marked, a lone athlete not, in Chinese', async () => {
    const starts = [start(1, 1, 3), start(2, 2, 3), start(3, 3, 4), start(4, 4, 4), start(5, 5, 5)];
    const screen = await mount('zh-cn', 'two-per-lane', starts, true);
    await expect.element(screen.getByText('道次').first()).toBeVisible();
    expect(document.querySelectorAll('[data-testid="sl-shared-lane"]')).toHaveLength(4);
    expect(document.querySelectorAll('[data-testid="sl-start-group"]')).toHaveLength(0);
  });
});
