import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { signInOnce } from './helpers';
import { open } from './system-helpers';

/**
 * System → Logs: the operation log's export runs as a job on the server (issue 24: long work shows
 * progress). The dialog follows it to its end and the workbook downloads by itself.
 */
test('the administrator exports the operation log with a progress bar, and the file downloads', async ({ page }) => {
  await signInOnce(page);
  await open(page, '/system/log', 'oplog-table');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('oplog-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^操作日志-\d{8}\.xlsx$/);
  const bytes = await readFile((await download.path())!);
  // An .xlsx is a zip: it starts with PK.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // The dialog closes once the file is saved, with a message naming it.
  await expect(page.getByTestId('oplog-export-job')).toBeHidden();
  await expect(page.getByText(/已导出 操作日志-/)).toBeVisible();
});
