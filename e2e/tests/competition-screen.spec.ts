import { expect } from '@playwright/test';
import { api } from './comm-helpers';
import { competitionMeeting, type Round } from './competition-helpers';
import { test } from './fixtures';
import { signInOnce } from './helpers';

/**
 * Issue 24, the big screen: an anonymous 1920 × 1080 screen at /#/screen/<meeting> shows the
 * next published start list; the committee (through the API, as its pages would) enters the
 * heat's times and makes it official; the screen turns to the heat's result by itself, without
 * reloading, in the language its URL asks for.
 */
test('the big screen turns from a start list to the official result live', async ({ page, browser }) => {
  await signInOnce(page, 'admin');
  // A meeting of its own: 100 m, 12 girls in two heats, published (no times: drawn order).
  const m = await competitionMeeting(page, { item: '100', athletes: 12, heats: 2, seed: 'e2e-screen' });
  const heat = m.round.heats.find((h) => h.number === 1)!;
  const other = m.round.heats.find((h) => h.number === 2)!;

  const venue = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const screen = await venue.newPage();
  // A page every minute: what the screen shows next is the live change, not the rotation.
  await screen.goto(`/#/screen/${m.meetingId}?lang=en&interval=60`);
  await expect(screen.getByTestId('screen-live')).toHaveText('Live');
  const slide = screen.getByTestId('screen-slide');
  await expect(slide).toHaveAttribute('data-kind', 'startlist');
  await expect(slide).toHaveAttribute('data-heat', String(heat.id));
  await expect(slide).toContainText('Start list');
  await expect(slide).toContainText('Girls U18 100 m');
  await expect(slide).toContainText('Heat 1 of 2');
  const rows = slide.getByTestId('screen-row');
  await expect(rows).toHaveCount(heat.starts.length);
  // In lane order, with the bibs the start list has (none yet: no bib column).
  await expect(rows.first()).toContainText(heat.starts[0]!.name);
  await expect(screen.getByTestId('screen-next')).toContainText('Heat 2 of 2');
  await expect(screen.getByTestId('screen-count')).toHaveText('1 / 2');
  // Marked: a reload would lose it.
  await screen.evaluate(() => {
    (window as unknown as { screenMark: number }).screenMark = 24;
  });

  // Times for heat 1; the fastest is the last in lane order. Official: the result comes.
  const times = heat.starts.map((s, i) => ({
    startId: s.id,
    version: s.version,
    mark: (13.9 - i * 0.21).toFixed(2),
  }));
  const saved = await api<Round>(page, 'PUT', `/api/v1/competition/heats/${heat.id}/results`, {
    version: heat.version,
    rows: times,
  });
  // Entered, not yet official: the screen still shows the start list, no marks.
  await expect(slide).toHaveAttribute('data-kind', 'startlist');
  await expect(slide).not.toContainText(times[0]!.mark);
  const savedHeat = saved.heats.find((h) => h.id === heat.id)!;
  await api(page, 'POST', `/api/v1/competition/heats/${heat.id}/official`, { version: savedHeat.version });

  await expect(slide).toHaveAttribute('data-kind', 'result');
  await expect(slide).toHaveAttribute('data-heat', String(heat.id));
  await expect(slide).toContainText('Result');
  const fastest = times.at(-1)!;
  const winner = heat.starts.at(-1)!;
  await expect(rows.first()).toContainText(winner.name);
  await expect(rows.first()).toContainText(fastest.mark);
  await expect(rows.first().locator('.screen-place')).toHaveText('1');
  await expect(rows).toHaveCount(heat.starts.length);
  // The other heat's start list is still in the rotation; nothing was reloaded.
  await expect(screen.getByTestId('screen-count')).toHaveText('1 / 2');
  expect(await screen.evaluate(() => (window as unknown as { screenMark?: number }).screenMark)).toBe(24);
  await screen.keyboard.press('ArrowRight');
  await expect(slide).toHaveAttribute('data-heat', String(other.id));
  await expect(slide).toHaveAttribute('data-kind', 'startlist');

  // Nothing on the screen scrolls at 1920 × 1080.
  const overflow = await screen.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(overflow).toEqual({ x: 0, y: 0 });
  await venue.close();
});
