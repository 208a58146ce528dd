import type { PublicLatestHeatVO } from '@baton/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../app/i18n';
import { useAppStore } from '../../stores/app';
import { EVENT_LJ, field, heat, start } from '../../test/live-fixtures';
import { ScreenView, type ScreenViewProps } from './ScreenView';

const MEETING = {
  id: 7,
  code: 'wrj2025',
  name: '2030 温瑞青少年田径运动会',
  nameEn: '2030 Wenrui Youth Games',
  timeZone: 'Asia/Shanghai',
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function props(p: Partial<ScreenViewProps>): ScreenViewProps {
  return { state: 'ready', meeting: MEETING, latest: [], next: [], live: true, intervalMs: 60_000, ...p };
}

/** The rendered text of each row shown, its cells one space apart. */
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="screen-row"]')].map((el) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, its cells apart
    el.innerText.replace(/\s+/g, ' ').trim(),
  );
const slide = () => document.querySelector<HTMLElement>('[data-testid="screen-slide"]');

async function setLang(lang: 'en' | 'zh-cn') {
  useAppStore.getState().setLanguage(lang);
  await expect.poll(() => document.documentElement.lang).toBe(lang === 'en' ? 'en' : 'zh-CN');
}

beforeEach(async () => {
  await page.viewport(1280, 720);
  await setLang('en');
});
afterEach(async () => {
  await setLang('en');
});

describe('the big screen', () => {
  it("shows a recent result by place with marks, qualifiers and records, in the viewer's language", async () => {
    const result = heat(
      1,
      [
        start(1, { place: 2, mark: '11.62', qualifier: 'Q' }),
        start(2, { place: 1, mark: '11.27', qualifier: 'Q', record: 'MR' }),
        start(3, { code: 'DNS' }),
      ],
      { officialAt: minutesAgo(2), number: 2 },
    );
    const screen = await render(<ScreenView {...props({ latest: [result] })} />);
    await expect.element(screen.getByTestId('screen-meeting')).toHaveTextContent('2030 Wenrui Youth Games');
    await expect.element(screen.getByTestId('screen-event')).toHaveTextContent('U16 Boys 100 m');
    expect(slide()!.dataset.kind).toBe('result');
    expect(slide()!.textContent).toMatch(/Result/);
    expect(slide()!.textContent).toMatch(/Heats · Heat 2 of 3 · Official \d\d:\d\d · Wind \+0\.8 m\/s/);
    expect(rows()).toEqual(['1 102 Runner 2 学校2 11.27QMR', '2 101 Runner 1 学校1 11.62Q', '103 Runner 3 学校3 DNS']);

    // Chinese: the names and the event in Chinese, the same rows.
    await setLang('zh-cn');
    await expect.element(screen.getByTestId('screen-event')).toHaveTextContent('U16男子组 100米');
    await expect.element(screen.getByTestId('screen-meeting')).toHaveTextContent('2030 温瑞青少年田径运动会');
    expect(rows()[0]).toBe('1 102 选手2 学校2 11.27QMR');
    expect(slide()!.textContent).toMatch(/正式成绩/);
  });

  it('pages a long start list to fit the screen and turns the pages by itself', async () => {
    // 20 athletes at 1280 × 720: up to 9 rows a page, so three pages of 7, 7 and 6; a page every 300 ms.
    const long = heat(5, field(20, 1), { event: EVENT_LJ, roundHeats: 1, scheduledAt: inMinutes(15) });
    const screen = await render(<ScreenView {...props({ next: [long], intervalMs: 300 })} />);
    await expect.element(screen.getByTestId('screen-event')).toHaveTextContent('U16 Boys Long jump');
    expect(document.querySelector<HTMLElement>('[data-testid="screen"]')!.dataset.rows).toBe('9');
    expect(slide()!.dataset.kind).toBe('startlist');
    // A field event: the competition order, no lanes; the entry marks.
    expect(rows()).toHaveLength(7);
    expect(rows()[0]).toBe('1 101 Runner 1 学校1 12.00');
    expect(slide()!.textContent).toMatch(/Start list/);
    expect(slide()!.textContent).toMatch(/Order/);
    expect(slide()!.textContent).toMatch(/Page 1 of 3/);
    await expect.element(screen.getByTestId('screen-count')).toHaveTextContent('1 / 3');
    await expect.poll(() => rows()[0], { timeout: 2_000 }).toBe('8 108 Runner 8 学校8 12.00');
    expect(slide()!.textContent).toMatch(/Page 2 of 3/);
    await expect.poll(() => rows(), { timeout: 2_000 }).toHaveLength(6);
    expect(rows()[5]).toBe('20 120 Runner 20 学校20 12.00');
    // And round again.
    await expect.poll(() => rows()[0], { timeout: 2_000 }).toBe('1 101 Runner 1 学校1 12.00');
  });

  it('fits a full page above the foot line, on a 16:9 screen of any size', async () => {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.viewport(width, height);
      const screen = await render(<ScreenView {...props({ next: [heat(6, field(9, 1), { event: EVENT_LJ })] })} />);
      await expect.element(screen.getByTestId('screen-slide')).toBeVisible();
      expect(rows()).toHaveLength(9);
      const last = [...document.querySelectorAll('[data-testid="screen-row"]')].at(-1)!.getBoundingClientRect();
      const foot = document.querySelector('.screen-footer')!.getBoundingClientRect();
      expect(last.bottom).toBeLessThanOrEqual(foot.top);
      // The type scales with the screen: a row is 6.6 hundredths of the height.
      expect(last.height).toBeCloseTo(height * 0.066, 0);
      screen.unmount();
    }
  });

  it("switches from a heat's start list to its result as soon as it is official", async () => {
    const soon = heat(3, field(8, 1), { number: 1, scheduledAt: minutesAgo(1) });
    const later = heat(4, field(8, 20), { number: 2, scheduledAt: inMinutes(10) });
    const screen = await render(<ScreenView {...props({ next: [soon, later] })} />);
    await expect.element(screen.getByTestId('screen-slide')).toHaveAttribute('data-heat', '3');
    // Its time has come: "Now"; the next heat at the foot with its time.
    expect(slide()!.textContent).toMatch(/Heats · Heat 1 of 3 · Now/);
    await expect
      .element(screen.getByTestId('screen-next'))
      .toHaveTextContent(/Next\s*\d\d:\d\d U16 Boys 100 m Heat 2 of 3/);
    // Lane order, bibs, names; no places, no marks.
    expect(rows()[0]).toBe('1 101 Runner 1 学校1 12.00');

    // The announcer has moved on to heat 2.
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByTestId('screen-slide')).toHaveAttribute('data-heat', '4');

    // Heat 1 made official: the two reads answer again (the heat leaves the start lists), and
    // its result comes at once.
    const official = heat(3, field(8, 1, true), { number: 1, officialAt: minutesAgo(0) });
    screen.rerender(<ScreenView {...props({ latest: [official], next: [later] })} />);
    await expect.element(screen.getByTestId('screen-slide')).toHaveAttribute('data-kind', 'result');
    expect(slide()!.dataset.heat).toBe('3');
    expect(rows()[0]).toBe('1 101 Runner 1 学校1 11.00');
    await expect.element(screen.getByTestId('screen-count')).toHaveTextContent('1 / 2');
  });

  it('lists the records set, and turns pages by hand (← →) and pauses (space)', async () => {
    const a = heat(1, [start(1, { place: 1, mark: '10.99', record: 'MR' })], { officialAt: minutesAgo(3) });
    const screen = await render(<ScreenView {...props({ latest: [a] })} />);
    await expect.element(screen.getByTestId('screen-count')).toHaveTextContent('1 / 2');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByTestId('screen-slide')).toHaveAttribute('data-kind', 'records');
    expect(slide()!.textContent).toMatch(/Records set/);
    expect(rows()).toEqual(['U16 Boys 100 m Runner 1 学校1 10.99MR']);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(screen.getByTestId('screen-slide')).toHaveAttribute('data-kind', 'result');
    await userEvent.keyboard(' ');
    await expect.element(screen.getByTestId('screen-count')).toHaveTextContent(/Paused/);
  });

  it('says so when nothing is published, or the meeting keeps its lists private', async () => {
    const screen = await render(<ScreenView {...props({ latest: [], next: [] as PublicLatestHeatVO[] })} />);
    await expect
      .element(screen.getByTestId('screen-message'))
      .toHaveTextContent('No start lists or results published yet');
    await expect.element(screen.getByTestId('screen-clock')).toHaveTextContent(/^\d\d:\d\d:\d\d$/);
    screen.rerender(<ScreenView {...props({ state: 'notPublished', meeting: undefined, live: false })} />);
    await expect
      .element(screen.getByTestId('screen-message'))
      .toHaveTextContent('This meeting does not publish its lists and results');
    await expect.element(screen.getByTestId('screen-live')).toHaveTextContent('Offline');
  });

  it('folds the delegation under the name on a phone', async () => {
    await page.viewport(390, 844);
    const screen = await render(<ScreenView {...props({ next: [heat(9, field(14, 1))] })} />);
    await expect.element(screen.getByTestId('screen-slide')).toBeVisible();
    expect(document.querySelector<HTMLElement>('[data-testid="screen"]')!.dataset.rows).toBe('12');
    // 14 rows fit 12 a page: two pages of 7.
    expect(rows()).toHaveLength(7);
    const dlg = document.querySelector<HTMLElement>('.screen-who-dlg')!;
    expect(getComputedStyle(dlg).display).toBe('block');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  });
});
