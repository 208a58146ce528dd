import type { SportsmanshipBody, TeamScoresVO, TeamScoringBody } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { openOptions, testId } from '../../../test/antd';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import { PointsTable } from './index';
import { AwardModal, ScoringRules, TeamOptionsModal } from './TeamScoring';

/* ---- a meeting's team table as GET …/scores answers it (TeamScoresVO) ---- */

const row = (
  rank: number,
  delegationId: number,
  delegationName: string,
  points: number,
  bonus: number,
  places: number[],
) => ({
  rank,
  delegationId,
  delegationName,
  delegationShort: null,
  points,
  bonus,
  places,
  gold: 0,
  silver: 0,
  bronze: 0,
});

const SCORES: TeamScoresVO = {
  meetingId: 7,
  groupId: null,
  options: { relayDouble: true, recordBonus: 2.5, minusOne: true, tieByPlaces: true },
  tables: [
    [9, 7, 6, 5, 4, 3, 2, 1],
    [7, 5, 4, 3, 2, 1],
  ],
  sportsmanship: [{ delegationId: 12, delegationName: '东城区', delegationShort: null, note: '文明参赛' }],
  // 东城 and 西城 tie on 20 points: 东城 first by more firsts (2 against 1).
  points: [
    row(1, 11, '东城区', 20, 2.5, [2, 0, 0, 0, 0, 0, 0, 0]),
    row(2, 12, '西城区', 20, 0, [1, 1, 0, 0, 0, 0, 0, 0]),
    row(3, 13, '朝阳区', 6, 0, [0, 0, 1, 0, 0, 0, 0, 0]),
  ],
  medals: [],
  finished: 3,
  events: 5,
};

/* ---- the fake server: the two PUTs, answering as the contract says ---- */

let puts: { url: string; body: unknown }[] = [];

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  if (method === 'PUT' && url === '/api/v1/competition/meetings/7/team-scoring') {
    puts.push({ url, body });
    return envelope((body as TeamScoringBody).options);
  }
  if (method === 'PUT' && url === '/api/v1/competition/meetings/7/sportsmanship') {
    puts.push({ url, body });
    const names = new Map(SCORES.points.map((p) => [p.delegationId, p.delegationName]));
    return envelope(
      (body as SportsmanshipBody).awards.map((a) => ({
        ...a,
        delegationName: names.get(a.delegationId) ?? '',
        delegationShort: null,
      })),
    );
  }
  return Promise.reject(new Error(`unexpected ${method} ${url}`));
};
serveFake(fakeServer);

beforeEach(() => {
  puts = [];
});

const _body = () => document.body;

async function mount(node: ReactNode, lang = 'en') {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

describe('team scoring on the scores page', () => {
  it('shows the rules in force, the bonus column and the firsts of the tied delegations', async () => {
    await mount(
      <>
        <ScoringRules scores={SCORES} />
        <PointsTable scores={SCORES} loading={false} />
      </>,
    );
    await expect.poll(() => testId('scores-rules')?.textContent ?? '').toContain('9-7-6-5-4-3-2-1');
    const rules = testId('scores-rules')!.textContent!;
    expect(rules).toContain('7-5-4-3-2-1');
    expect(rules).toContain('Relays score doubleYes');
    expect(rules).toContain('2.5 points a record');
    expect(rules).toContain('One place fewer (减一录取)Yes');
    expect(rules).toContain('More firsts ranks higher, then seconds, …');

    const table = testId('scores-points')!;
    const head = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['Rank', 'Delegation', 'Points', 'Of which bonus', 'Firsts, seconds, …']);
    const cells = [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    // Only the two on 20 points show their places; 朝阳区 is tied with no one.
    expect(cells).toEqual([
      ['1', '东城区', '20', '2.5', '2-0-0-0-0-0-0-0'],
      ['2', '西城区', '20', '', '1-1-0-0-0-0-0-0'],
      ['3', '朝阳区', '6', '', ''],
    ]);
  });

  it('shows no bonus or places column when the rules have none (zh-cn)', async () => {
    const plain: TeamScoresVO = {
      ...SCORES,
      options: { relayDouble: false, recordBonus: 0, minusOne: false, tieByPlaces: false },
      points: SCORES.points.map((p) => ({ ...p, bonus: 0 })),
    };
    await mount(
      <>
        <ScoringRules scores={plain} />
        <PointsTable scores={plain} loading={false} />
      </>,
      'zh-cn',
    );
    await expect.poll(() => testId('scores-rules')?.textContent ?? '').toContain('接力项目加倍计分否');
    expect(testId('scores-rules')!.textContent).toContain('名次并列');
    const head = [...testId('scores-points')!.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['名次', '代表队', '总分']);
  });

  it('saves the options through PUT team-scoring', async () => {
    const onSaved = vi.fn();
    await mount(
      <TeamOptionsModal
        open
        meetingId={7}
        groupId={undefined}
        groupLabel={undefined}
        options={{ relayDouble: false, recordBonus: 0, minusOne: false, tieByPlaces: false }}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    await expect.poll(() => testId('team-options-relay')).not.toBeNull();
    await userEvent.click(testId('team-options-relay')!);
    await userEvent.click(testId('team-options-tie')!);
    await userEvent.fill(testId('team-options-bonus')!.querySelector('input') ?? testId('team-options-bonus')!, '3');
    await userEvent.click(testId('modal-ok')!);
    await expect.poll(() => puts.length).toBe(1);
    expect(puts[0]!.body).toEqual({
      groupId: null,
      options: { relayDouble: true, recordBonus: 3, minusOne: false, tieByPlaces: true },
    });
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
  });

  it('saves the award list through PUT sportsmanship', async () => {
    const onSaved = vi.fn();
    await mount(
      <AwardModal
        open
        meetingId={7}
        awards={SCORES.sportsmanship}
        delegations={SCORES.points.map((p) => ({ value: p.delegationId, label: p.delegationName }))}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    await expect.poll(() => testId('award-note-0')).not.toBeNull();
    await userEvent.click(testId('award-add')!);
    await expect.poll(() => testId('award-delegation-1')).not.toBeNull();
    const select = testId('award-delegation-1')!;
    await userEvent.click(select.querySelector('.ant-select-selector') ?? select);
    const option = await vi.waitFor(() => {
      const found = openOptions().find((o) => o.textContent === '朝阳区');
      if (!found) throw new Error('no option yet');
      return found;
    });
    await userEvent.click(option);
    await userEvent.fill(testId('award-note-1')!, '  赛风优良 ');
    await userEvent.click(testId('modal-ok')!);
    await expect.poll(() => puts.length).toBe(1);
    expect(puts[0]!.body).toEqual({
      awards: [
        { delegationId: 12, note: '文明参赛' },
        { delegationId: 13, note: '赛风优良' },
      ],
    });
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
  });
});
