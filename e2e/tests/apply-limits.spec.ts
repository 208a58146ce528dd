import { expect, type Locator, type Page } from '@playwright/test';
import { BOYS_U18, boyId, type Setup, signInAsLeader } from './apply-import-helpers';
import { api, groupWithItems, openMeeting, uniqueMobile, uniqueName } from './comm-helpers';
import { test } from './fixtures';
import { PHONE, pick, signInOnce, toast, visible } from './helpers';

/**
 * Issue 25 item 5: limits shown before they bite. On a 390 px phone a team leader sees what is
 * left — events per athlete, places per event, relay places per athlete, teams per relay, athletes
 * per delegation — and a choice the rules would refuse is disabled, saying why, instead of being
 * refused with a toast. The touch targets of those choices are at least 44 px.
 */

/** A meeting with tight limits: one event and one relay per athlete, one place per event, two athletes. */
async function tightMeeting(admin: Page, stamp: string): Promise<Setup> {
  const meetingName = `限额测试运动会${stamp}`;
  const meetingId = await openMeeting(admin, {
    name: meetingName,
    code: `lim${stamp}`,
    maxEventsPerAthlete: 1,
    maxRelaysPerAthlete: 1,
    maxEntriesPerItem: 1,
    maxAthletes: 2,
  });
  await groupWithItems(admin, { meetingId, ...BOYS_U18 }, ['100', 'LJ', '4x100', '4x400']);
  const mobile = uniqueMobile();
  const delegationName = uniqueName('限额中学');
  await api(admin, 'POST', '/api/v1/delegations', {
    meetingId,
    name: delegationName,
    contactMobile: mobile,
  });
  return { meetingId, meetingName, delegationName, mobile };
}

/**
 * Every control inside `scope` is at least 44 × 44 px: buttons, checkbox labels, selects and
 * inputs (a select's own search input and its clear icon are parts of the select's box).
 */
async function touchTargets(scope: Locator) {
  const small = await scope.evaluate((root) => {
    const hits = root.querySelectorAll<HTMLElement>(
      'button:not(.ant-select-clear), .ant-checkbox-wrapper, .ant-select, input:not([type=checkbox]):not([type=file]):not(.ant-select-input)',
    );
    return Array.from(hits)
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el: el.outerHTML.slice(0, 80), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${Math.round(box.width)}×${Math.round(box.height)} ${el}`);
  });
  expect(small).toEqual([]);
}

test('limits on a phone: what is left beside each choice, and what the rules refuse disabled with the reason', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInOnce(admin);
  const stamp = Date.now().toString(36).slice(-5);
  const s = await tightMeeting(admin, stamp);
  const page = await signInAsLeader(browser, admin, s, PHONE, 'zh-cn');
  try {
    const ctx = await api<{ groups: { id: number }[] }>(page, 'GET', '/api/v1/apply/context');
    const groupId = ctx.groups[0]!.id;
    const [first, second] = [`甲${stamp}`, `乙${stamp}`];
    for (const [name, day] of [
      [first, 3],
      [second, 4],
    ] as const) {
      await api(page, 'POST', '/api/v1/apply/athletes', { groupId, name, idNumber: boyId(`2012-05-0${day}`) });
    }

    // ─── Athletes: the two places are taken, adding is disabled with the reason ────────────
    // The page the leader landed on, read again with the new counts.
    await page.reload();
    const headroom = visible(page.getByTestId('apply-headroom'));
    await expect(headroom).toHaveText('2 个运动员名额已用完，删除一名后才能再添加');
    await expect(visible(page.getByTestId('athlete-add'))).toBeDisabled();
    await expect(visible(page.getByTestId('athlete-import'))).toBeDisabled();

    // ─── Events: the first athlete enters one; the other event is then disabled ────────────
    await page.goto('/#/apply/item');
    const panel = visible(page.getByTestId('item-athlete-panel'));
    await expect(panel).toBeVisible();
    await pick(page, visible(page.getByTestId('item-athlete')), first);
    await expect(visible(page.getByTestId('athlete-usage'))).toHaveText('还可报 1 项（已报 0/1）');
    const sprint = panel.getByTestId('item-row-100');
    const jump = panel.getByTestId('item-row-LJ');
    await expect(sprint.getByTestId('quota')).toHaveText('剩余 1/1');
    await sprint.getByTestId('item-toggle').click();
    await expect(sprint.getByTestId('seed-mark')).toBeVisible();
    await expect(visible(page.getByTestId('athlete-usage'))).toHaveText('已报满 1/1 项');
    await expect(jump).toHaveAttribute('data-blocked', 'athleteFull');
    await expect(jump.locator('input[type=checkbox]')).toBeDisabled();
    await expect(jump.getByTestId('item-block-reason')).toHaveText('该运动员已报 1 个个人项目，已达上限');
    // The entered event can still be withdrawn.
    await expect(sprint.locator('input[type=checkbox]')).toBeEnabled();

    // The second athlete: the delegation's one place in the 100 m is taken; the long jump is open.
    await pick(page, visible(page.getByTestId('item-athlete')), second);
    await expect(sprint).toHaveAttribute('data-blocked', 'itemFull');
    await expect(sprint.locator('input[type=checkbox]')).toBeDisabled();
    await expect(sprint.getByTestId('quota')).toHaveText('已满 1/1');
    await expect(sprint.getByTestId('item-block-reason')).toHaveText('本队该项目 1 个名额已用完');
    await expect(jump).not.toHaveAttribute('data-blocked');
    await expect(jump.locator('input[type=checkbox]')).toBeEnabled();
    await touchTargets(panel);

    // ─── Relays: one team per event, one relay per athlete ──────────────────────────────────
    const short = visible(page.getByTestId('relay-item-4x100'));
    await short.getByTestId('relay-add').click();
    const teamA = short.getByTestId('relay-team-A');
    await pick(page, teamA.getByTestId('relay-leg-1'), first);
    await teamA.getByTestId('relay-save').click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(short.getByTestId('relay-add')).toBeDisabled();
    await expect(short.getByTestId('relay-add-reason')).toHaveText('本队该项目 1 个队伍名额已用完');
    await touchTargets(short);

    const long = visible(page.getByTestId('relay-item-4x400'));
    await long.getByTestId('relay-add').click();
    await long.getByTestId('relay-team-A').getByTestId('relay-leg-1').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.filter({ hasText: first })).toHaveText(`${first} (已报满 1 个接力)`);
    await expect(options.filter({ hasText: first })).toHaveClass(/ant-select-item-option-disabled/);
    await expect(options.filter({ hasText: second })).toHaveText(`${second} (接力 0/1)`);
    await expect(options.filter({ hasText: second })).not.toHaveClass(/ant-select-item-option-disabled/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  } finally {
    await page.context().close();
    await adminContext.close();
  }
});
