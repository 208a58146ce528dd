import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
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
    starts: { lane: number | null; mark: string | null }[];
  }[];
}

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
