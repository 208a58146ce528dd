import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { api } from './comm-helpers';
import { signInAndWait, toast } from './helpers';

/**
 * Issue 6, timing and data exchange: the committee downloads lynx.evt from the exchange page,
 * a FinishLynx result file is made from its first heat, uploaded for that heat, and the times
 * land in the heat (the rows written are listed, the round shows the marks). The start list of
 * U18 Girls 400 m (10 entries in the demo data) is made and published through the API first.
 */
interface EventRow {
  groupItemId: number;
  groupNameEn: string;
  itemCode: string;
  rounds: { id: number; index: number; status: string }[];
}
interface Round {
  id: number;
  status: string;
  heats: {
    id: number;
    version: number;
    number: number;
    status: string;
    starts: {
      id: number;
      bib: string | null;
      name: string;
      lane: number | null;
      mark: string | null;
      place: number | null;
    }[];
  }[];
}

/** Round 0 of U18 Girls 400 m as five published heats of two (made again when it is not). */
async function fiveHeats(page: Page, event: EventRow): Promise<Round> {
  let first = event.rounds.find((r) => r.index === 0);
  if (first) {
    let round = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${first.id}`);
    for (const h of round.heats.filter((x) => x.status === 'official')) {
      await api(page, 'POST', `/api/v1/competition/heats/${h.id}/reopen`, {
        version: h.version,
        reason: 'e2e: run again',
      });
    }
    round = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${first.id}`);
    if (round.heats.length === 5 && round.heats.every((h) => h.status === 'set')) return round;
    if (round.heats.some((h) => h.status === 'set')) {
      await api(page, 'POST', `/api/v1/competition/rounds/${first.id}/unpublish`, {});
    }
    first = undefined;
  }
  const made = await api<Round>(page, 'POST', `/api/v1/competition/events/${event.groupItemId}/start-list`, {
    roundIndex: 0,
    seed: 'e2e-lif-batch',
    heats: 5,
  });
  await api(page, 'POST', `/api/v1/competition/rounds/${made.id}/publish`, {});
  return api<Round>(page, 'GET', `/api/v1/competition/rounds/${made.id}`);
}

test('a results referee drops five .lif files, resolves the one conflict, imports and makes the heats official', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, 'committee');
  const meetings = await api<{ id: number; code: string }[]>(page, 'GET', '/api/v1/competition/meetings');
  const meetingId = meetings.find((m) => m.code === 'wrj2025')!.id;
  const events = await api<EventRow[]>(page, 'GET', `/api/v1/competition/meetings/${meetingId}/events`);
  const event = events.find((e) => e.groupNameEn === 'U18 Girls' && e.itemCode === '400')!;
  const round = await fiveHeats(page, event);
  expect(round.heats).toHaveLength(5);

  // One FinishLynx file per heat, named as FinishLynx names them, times to 1/10000; rows by bib
  // (or by lane when the bibs are not drawn yet). Heat 3's file places its runners against their
  // times (the one conflict): placed by time, its first lane wins.
  const paths: string[] = [];
  const expected = new Map<number, number>();
  for (const h of round.heats) {
    expect(h.starts).toHaveLength(2);
    const [a, b] = h.starts;
    const swapped = h.number === 3;
    const rows = swapped
      ? [
          { s: b!, place: 1, time: `58.${h.number}012`, truly: 2 },
          { s: a!, place: 2, time: `58.${h.number - 1}034`, truly: 1 },
        ]
      : [
          { s: b!, place: 1, time: `58.${h.number}012`, truly: 1 },
          { s: a!, place: 2, time: `59.${h.number}034`, truly: 2 },
        ];
    const lines = [`${event.groupItemId},1,${h.number},"U18 Girls 400 m, heat ${h.number}",,,AUTO,,,400`];
    for (const r of rows) {
      lines.push(`${r.place},${r.s.bib ?? ''},${r.s.lane},"${r.s.name}",,Team,${r.time},,,0.1${r.place}05`);
      expected.set(r.s.id, r.truly);
    }
    const path = info.outputPath(`${event.groupItemId}-1-0${h.number}.lif`);
    await writeFile(path, `${lines.join('\r\n')}\r\n`);
    paths.push(path);
  }

  await page.goto(`/#/competition/exchange?meetingId=${meetingId}`);
  const batch = page.getByTestId('lif-batch');
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
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '按成绩排名次' })
    .click();
  await expect(batch.getByTestId('lif-batch-unresolved')).toHaveCount(0);
  await expect(batch.getByTestId('lif-batch-import')).toBeEnabled();
  await batch.getByTestId('lif-batch-import').click();
  const done = batch.getByTestId('lif-batch-done');
  await expect(done).toContainText('已写入 5 个组次');
  await expect(done.getByTestId('lif-batch-link')).toHaveCount(5);

  // The results referee makes each heat official from the results page; the places are the file's.
  for (const h of round.heats) {
    await page.goto(
      `/#/competition/results?meetingId=${meetingId}&groupItemId=${event.groupItemId}&roundId=${round.id}&heatId=${h.id}`,
    );
    await expect(page.getByTestId('track-grid')).toBeVisible();
    await page.getByTestId('make-official').click();
    await page.getByTestId('official-confirm').click();
    await expect(page.getByTestId(`heat-tab-${h.number}`)).toContainText(/Official|成绩生效/);
    for (const s of h.starts) {
      await expect(page.getByTestId(`place-${s.id}`)).toHaveText(String(expected.get(s.id)));
    }
  }
  const after = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${round.id}`);
  expect(after.heats.every((h) => h.status === 'official')).toBe(true);
  const third = after.heats.find((h) => h.number === 3)!;
  expect(third.starts.map((s) => [s.place, s.mark])).toEqual([
    [1, '58.21'],
    [2, '58.31'],
  ]);
});

test('the committee exports lynx.evt and imports a heat’s .lif result file', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, 'committee');
  const meetings = await api<{ id: number; code: string }[]>(page, 'GET', '/api/v1/competition/meetings');
  const meetingId = meetings.find((m) => m.code === 'wrj2025')!.id;
  const events = await api<EventRow[]>(page, 'GET', `/api/v1/competition/meetings/${meetingId}/events`);
  const event = events.find((e) => e.groupNameEn === 'U18 Girls' && e.itemCode === '400')!;
  let first = event.rounds.find((r) => r.index === 0);
  if (!first || first.status === 'draft') {
    const made = await api<Round>(page, 'POST', `/api/v1/competition/events/${event.groupItemId}/start-list`, {
      roundIndex: 0,
      seed: 'e2e-exchange',
    });
    await api(page, 'POST', `/api/v1/competition/rounds/${made.id}/publish`, {});
    first = { id: made.id, index: 0, status: 'set' };
  }
  if (first.status === 'official') {
    // An earlier run on this server made heat 1 official: take it back so the import has a heat to write.
    const done = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${first.id}`);
    for (const h of done.heats.filter((x) => x.status === 'official')) {
      await api(page, 'POST', `/api/v1/competition/heats/${h.id}/reopen`, {
        version: h.version,
        reason: 'e2e: run again',
      });
    }
  }
  const before = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${first.id}`);
  const heat = before.heats.find((h) => h.number === 1)!;

  await page.goto(
    `/#/competition/exchange?meetingId=${meetingId}&groupItemId=${event.groupItemId}&roundId=${first.id}`,
  );
  await expect(page.getByTestId('exchange-page')).toBeVisible();

  // lynx.evt: the event line of heat 1, then its competitors (blank, ID, lane, last, first, team).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exchange-evt').click()]);
  expect(download.suggestedFilename()).toBe('lynx.evt');
  const evt = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/);
  const at = evt.indexOf(evt.find((l) => l.startsWith(`${event.groupItemId},1,1,`))!);
  expect(at).toBeGreaterThanOrEqual(0);
  const competitors: string[][] = [];
  for (const line of evt.slice(at + 1)) {
    if (!line.startsWith(',')) break;
    competitors.push(line.split(','));
  }
  expect(competitors.map((c) => Number(c[2]))).toEqual(heat.starts.map((s) => s.lane));

  // A FinishLynx result file of that heat: places by time, the last competitor did not finish.
  const rows = competitors.map((c, i) => {
    const [, id, lane, last, first, team] = c;
    const done = i < competitors.length - 1;
    const time = done ? (50 + i * 0.731).toFixed(3) : '';
    return `${done ? i + 1 : 'DNF'},${id},${lane},${last},${first},${team},${time},,${time},0.18${i}`;
  });
  const lif = [`${event.groupItemId},1,1,U18 Girls 400 m,,,AUTO,,,400,10:00:00.000`, ...rows].join('\r\n');
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

  const after = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${first.id}`);
  const marks = after.heats.find((h) => h.number === 1)!.starts.map((s) => s.mark);
  expect(marks.slice(0, -1)).toEqual(
    competitors.slice(0, -1).map((_, i) => {
      const v = Math.ceil(Math.round((50 + i * 0.731) * 1000) / 10 - 1e-9) / 100;
      return v.toFixed(2);
    }),
  );
  expect(marks.at(-1)).toBeNull();
});
