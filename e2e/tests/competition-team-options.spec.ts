import { expect } from '@playwright/test';
import { api } from './comm-helpers';
import { competitionMeeting, type Round } from './competition-helpers';
import { test } from './fixtures';
import { signInOnce, toast } from './helpers';

/**
 * Issue 23, team scoring as a Chinese 竞赛规程 writes it: in a meeting of its own, a 100 m
 * final of three (one delegation) is made official; the team table scores 9 + 7 + 6 = 22. The
 * committee switches on 减一录取 (three taking part ≤ eight places scored: two places score)
 * in the options dialog: the rules printed above the table say so and the delegation has 16.
 */
test('the committee sets 减一录取 and the team table follows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOnce(page, 'admin');
  const m = await competitionMeeting(page, { item: '100', athletes: 3, heats: 1, seed: 'team-options' });
  const heat = m.round.heats[0]!;
  const marks = ['12.10', '12.30', '12.50'];
  await api(page, 'PUT', `/api/v1/competition/heats/${heat.id}/results`, {
    version: heat.version,
    wind: 0.3,
    rows: heat.starts.map((s, i) => ({ startId: s.id, version: s.version, mark: marks[i] })),
  });
  const entered = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${m.round.id}`);
  await api(page, 'POST', `/api/v1/competition/heats/${heat.id}/official`, { version: entered.heats[0]!.version });

  await page.goto(`/#/competition/scores?meetingId=${m.meetingId}`);
  const points = page.getByTestId('scores-points');
  await expect(points.locator('tbody tr.ant-table-row').first()).toContainText('22');
  const rules = page.getByTestId('scores-rules');
  await expect(rules).toContainText('9-7-6-5-4-3-2-1');
  await expect(rules.locator('.ant-descriptions-item', { hasText: '减一录取' })).toContainText('否');

  await page.getByTestId('team-options').click();
  const form = page.getByTestId('team-options-form');
  await form.getByTestId('team-options-minus-one').click();
  await page.getByTestId('modal-ok').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(rules.locator('.ant-descriptions-item', { hasText: '减一录取' })).toContainText('是');
  await expect(points.locator('tbody tr.ant-table-row').first()).toContainText('16');

  // Stored as the meeting's option: the API answers the same table.
  const scores = await api<{ points: { points: number }[]; options: { minusOne: boolean } }>(
    page,
    'GET',
    `/api/v1/competition/meetings/${m.meetingId}/scores`,
  );
  expect(scores.options.minusOne).toBe(true);
  expect(scores.points[0]!.points).toBe(16);
});
