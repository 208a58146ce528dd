import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const lang of ['zh-cn', 'en']) {
  for (const theme of ['light', 'dark']) {
    for (const [w, h, tag] of [[1440, 900, 'desktop'], [390, 844, 'phone']]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h } });
      const page = await ctx.newPage();
      await page.goto(`${base}/#/login`);
      await page.evaluate(([l, t]) => { localStorage.setItem('language', l); localStorage.setItem('theme', t); }, [lang, theme]);
      await page.goto(`${base}/#/login`);
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill('shots-Admin-pass1');
      await page.getByTestId('login-captcha').fill('abcd');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/dashboard/);
      await page.goto(`${base}/#/competition/scores?meetingId=1`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/ss/scores-${lang}-${theme}-${tag}.png`, fullPage: true });
      await ctx.close();
    }
  }
}
await browser.close();
