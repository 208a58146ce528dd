import { test as base } from '@playwright/test';

/**
 * The browser suite's `test`: Playwright's, plus one rule. The contexts a test opens with
 * `browser.newContext()` (a second user, a phone, a visitor) are closed when it ends, after a
 * screenshot of each of their pages if it failed. Left open, they stayed signed in with live
 * sockets for the rest of the worker's run, and every later write re-rendered all of them.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use, info) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((c) => !before.has(c));
      if (info.status !== info.expectedStatus) {
        let n = 0;
        for (const context of opened) {
          for (const page of context.pages()) {
            n += 1;
            await page.screenshot({ path: info.outputPath(`opened-context-${n}.png`) }).catch(() => undefined);
          }
        }
      }
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
