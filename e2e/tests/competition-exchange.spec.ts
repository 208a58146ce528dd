import { readFile, writeFile } from 'node:fs/promises';
import { type Browser, expect, type Page } from '@playwright/test';
import { api } from './comm-helpers';
import { type CompMeeting, competitionMeeting, REFEREE_PASSWORD, type Round } from './competition-helpers';
import { test } from './fixtures';
import { signInAndWait, signInOnce, toast } from './helpers';

/**
 * Issue 6 and 22, timing and data exchange, each test on a meeting of its own (made through the
 * API, competition-helpers.ts): a results referee assigned to the meeting drops five FinishLynx
 * .lif files at once, resolves the one conflict and imports; the administrator makes the heats
 * official and the places are the file's. And the administrator downloads lynx.evt, makes a
 * FinishLynx result file of its first heat and imports it for that heat.
 */

async function signedIn(
  browser: Browser,
  username: string,
  password: string | undefined,
  opts: { lang?: 'zh-cn' | 'en'; width?: number } = {},
): Promise<Page> {
  const width = opts.width ?? 1440;
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: opts.lang === 'en' ? 'en-US' : 'zh-CN',
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), opts.lang ?? 'zh-cn');
  const page = await context.newPage();
  await signInAndWait(page, username, password);
  return page;
}

/**
 * One FinishLynx file per heat, named as FinishLynx names them, times to 1/10000, rows by bib (or
 * by lane: no bibs are drawn here). Heat 3's file places its runners against their times (the one
 * conflict): placed by time, its first lane wins. Answers the paths and the true place per start.
 */
async function lifFiles(m: CompMeeting, outputPath: (name: string) => string) {
  const paths: string[] = [];
  const expected = new Map<number, number>();
  for (const h of m.round.heats) {
    expect(h.starts).toHaveLength(2);
    const [a, b] = h.starts;
    const rows =
      h.number === 3
        ? [
            { s: b!, place: 1, time: `58.${h.number}012`, truly: 2 },
            { s: a!, place: 2, time: `58.${h.number - 1}034`, truly: 1 },
          ]
        : [
            { s: b!, place: 1, time: `58.${h.number}012`, truly: 1 },
            { s: a!, place: 2, time: `59.${h.number}034`, truly: 2 },
          ];
    const lines = [`${m.groupItemId},1,${h.number},"Girls U18 400 m, heat ${h.number}",,,AUTO,,,400`];
    for (const r of rows) {
      lines.push(`${r.place},${r.s.bib ?? ''},${r.s.lane},"${r.s.name}",,Team,${r.time},,,0.1${r.place}05`);
      expected.set(r.s.id, r.truly);
    }
    const path = outputPath(`${m.groupItemId}-1-0${h.number}.lif`);
    await writeFile(path, `${lines.join('\r\n')}\r\n`);
    paths.push(path);
  }
  return { paths, expected };
}

test('a results referee drops five .lif files, resolves the one conflict, imports; the heats are made official', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000);
  await signInOnce(page, 'admin');
  const m = await competitionMeeting(page, { item: '400', athletes: 10, heats: 5, seed: 'e2e-lif-batch' });
  expect(m.round.heats).toHaveLength(5);
  const { paths, expected } = await lifFiles(m, (n) => info.outputPath(n));
  const exchange = `/#/competition/exchange?meetingId=${m.meetingId}`;

  // The referee sees the page with the .lif cards only; in English on a phone too (the review
  // only: nothing is written), with nothing wider than the screen.
  const look = await signedIn(browser, m.referee.username, REFEREE_PASSWORD, { lang: 'en', width: 390 });
  await look.goto(exchange);
  const lookBatch = look.getByTestId('lif-batch');
  await lookBatch.locator('input[type="file"]').setInputFiles(paths);
  await expect(lookBatch.getByTestId('lif-batch-conflict')).toHaveCount(1);
  await expect(look.getByTestId('exchange-evt')).toHaveCount(0);
  expect(await look.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await look.context().close();

  const referee = await signedIn(browser, m.referee.username, REFEREE_PASSWORD);
  await referee.goto(exchange);
  await expect(referee.getByTestId('exchange-lif-only')).toBeVisible();
  // The exports, Hy-Tek and meet.json are the managers'.
  await expect(referee.getByTestId('exchange-evt')).toHaveCount(0);
  await expect(referee.getByTestId('exchange-hytek-export')).toHaveCount(0);
  await expect(referee.getByTestId('exchange-json')).toHaveCount(0);
  const batch = referee.getByTestId('lif-batch');
  await batch.locator('input[type="file"]').setInputFiles(paths);
  await expect(batch.getByTestId('lif-batch-file')).toHaveCount(5);
  const conflicts = batch.getByTestId('lif-batch-conflict');
  await expect(conflicts).toHaveCount(1);
  await expect(conflicts).toHaveAttribute('data-kind', 'place-time');
  await expect(conflicts).toContainText('名次与成绩顺序不一致');
  await expect(batch.getByTestId('lif-batch-unresolved')).toContainText('1');
  await expect(batch.getByTestId('lif-batch-import')).toBeDisabled();

  // Resolve it: the times are right.
  await conflicts.getByTestId('lif-batch-resolve').click();
  await referee
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '按成绩排名次' })
    .click();
  await expect(batch.getByTestId('lif-batch-unresolved')).toHaveCount(0);
  await expect(batch.getByTestId('lif-batch-import')).toBeEnabled();
  await batch.getByTestId('lif-batch-import').click();
  const done = batch.getByTestId('lif-batch-done');
  await expect(done).toContainText('已写入 5 个组次');
  await expect(done.getByTestId('lif-batch-link')).toHaveCount(5);
  await referee.context().close();

  // The administrator makes the first heat official from the results page (the others through
  // the same API the page calls); the places are the file's.
  const round = m.round;
  const [first, ...rest] = round.heats;
  await page.goto(
    `/#/competition/results?meetingId=${m.meetingId}&groupItemId=${m.groupItemId}&roundId=${round.id}&heatId=${first!.id}`,
  );
  await expect(page.getByTestId('track-grid')).toBeVisible();
  await page.getByTestId('make-official').click();
  await page.getByTestId('official-confirm').click();
  await expect(page.getByTestId(`heat-tab-${first!.number}`)).toContainText(/Official|成绩生效/);
  for (const s of first!.starts) {
    await expect(page.getByTestId(`place-${s.id}`)).toHaveText(String(expected.get(s.id)));
  }
  const before = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${round.id}`);
  for (const h of rest) {
    const version = before.heats.find((x) => x.id === h.id)!.version;
    await api(page, 'POST', `/api/v1/competition/heats/${h.id}/official`, { version });
  }
  const after = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${round.id}`);
  expect(after.heats.every((h) => h.status === 'official')).toBe(true);
  for (const h of after.heats) for (const st of h.starts) expect(st.place).toBe(expected.get(st.id));
  const third = after.heats.find((h) => h.number === 3)!;
  expect(third.starts.map((s) => [s.place, s.mark])).toEqual([
    [1, '58.21'],
    [2, '58.31'],
  ]);
});

test('the administrator exports lynx.evt and imports a heat’s .lif result file', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOnce(page, 'admin');
  const m = await competitionMeeting(page, { item: '400', athletes: 6, heats: 1, seed: 'e2e-exchange' });
  const heat = m.round.heats.find((h) => h.number === 1)!;

  await page.goto(
    `/#/competition/exchange?meetingId=${m.meetingId}&groupItemId=${m.groupItemId}&roundId=${m.round.id}`,
  );
  await expect(page.getByTestId('exchange-page')).toBeVisible();
  await expect(page.getByTestId('exchange-lif-only')).toHaveCount(0);

  // lynx.evt: the event line of heat 1, then its competitors (blank, ID, lane, last, first, team).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exchange-evt').click()]);
  expect(download.suggestedFilename()).toBe('lynx.evt');
  const evt = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/);
  const at = evt.indexOf(evt.find((l) => l.startsWith(`${m.groupItemId},1,1,`))!);
  expect(at).toBeGreaterThanOrEqual(0);
  const competitors: string[][] = [];
  for (const line of evt.slice(at + 1)) {
    if (!line.startsWith(',')) break;
    competitors.push(line.split(','));
  }
  expect(competitors).toHaveLength(6);
  expect(competitors.map((c) => Number(c[2]))).toEqual(heat.starts.map((s) => s.lane));

  // A FinishLynx result file of that heat: places by time, the last competitor did not finish.
  const rows = competitors.map((c, i) => {
    const [, id, lane, last, first, team] = c;
    const done = i < competitors.length - 1;
    const time = done ? (50 + i * 0.731).toFixed(3) : '';
    return `${done ? i + 1 : 'DNF'},${id},${lane},${last},${first},${team},${time},,${time},0.18${i}`;
  });
  const lif = [`${m.groupItemId},1,1,Girls U18 400 m,,,AUTO,,,400,10:00:00.000`, ...rows].join('\r\n');
  const lifPath = info.outputPath('heat1.lif');
  await writeFile(lifPath, lif);

  await page.getByTestId('lif-heat').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /第 1 组|Heat 1/ })
    .click();
  await expect(page.getByTestId('lif-heat')).toContainText('第 1 组');
  await page.getByTestId('lif-card').locator('input[type="file"]').setInputFiles(lifPath);
  await page.getByTestId('lif-submit').click();
  await expect(toast(page, `已写入第 1 组 ${competitors.length} 条成绩`)).toBeVisible();
  const result = page.getByTestId('lif-result');
  await expect(result.locator('tbody tr.ant-table-row')).toHaveCount(competitors.length);
  await expect(result).toContainText('50.00');

  const after = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${m.round.id}`);
  const marks = after.heats.find((h) => h.number === 1)!.starts.map((s) => s.mark);
  expect(marks.slice(0, -1)).toEqual(
    competitors.slice(0, -1).map((_, i) => {
      const v = Math.ceil(Math.round((50 + i * 0.731) * 1000) / 10 - 1e-9) / 100;
      return v.toFixed(2);
    }),
  );
  expect(marks.at(-1)).toBeNull();
});
