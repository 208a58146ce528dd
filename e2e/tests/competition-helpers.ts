import { idCheckChar } from '@baton/contracts';
import type { Page } from '@playwright/test';
import { api, groupWithItems, openMeeting, uniqueName } from './comm-helpers';
import { signInOnce } from './helpers';

/**
 * A meeting of its own for a competition spec, made through the API by a signed-in
 * administrator: one girls' group with one event, one delegation whose athletes are entered,
 * submitted and approved, the first round drawn and published, and a referee account assigned to
 * the meeting. Nothing is shared with another spec (two workers run side by side).
 */

export const REFEREE_PASSWORD = 'e2e-Referee-1';

export interface Start {
  id: number;
  version: number;
  bib: string | null;
  name: string;
  lane: number | null;
  mark: string | null;
  place: number | null;
}
export interface Heat {
  id: number;
  version: number;
  number: number;
  status: 'draft' | 'set' | 'official';
  starts: Start[];
}
export interface Round {
  id: number;
  status: string;
  heats: Heat[];
}

export interface CompMeeting {
  meetingId: number;
  code: string;
  groupItemId: number;
  round: Round;
  referee: { id: number; username: string };
}

/** A GB 11643 ID number for a girl born on `birth` (YYYY-MM-DD): the 17th digit even. */
export function girlId(birth: string): string {
  const order = Math.floor(Math.random() * 500) * 2;
  const first17 = `330381${birth.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}

/**
 * The meeting: `athletes` girls entered in the group's `item` (a base-data code), the first round
 * drawn in `heats` heats (seeded by `seed`) and published; a referee (userType 40, role REFEREE)
 * assigned to it.
 */
export async function competitionMeeting(
  admin: Page,
  opts: { item: string; athletes: number; heats: number; seed: string },
): Promise<CompMeeting> {
  const m = await competitionEntries(admin, opts);
  const made = await api<Round>(admin, 'POST', `/api/v1/competition/events/${m.groupItemId}/start-list`, {
    roundIndex: 0,
    seed: opts.seed,
    heats: opts.heats,
  });
  await api(admin, 'POST', `/api/v1/competition/rounds/${made.id}/publish`, {});
  const round = await api<Round>(admin, 'GET', `/api/v1/competition/rounds/${made.id}`);
  return { ...m, round };
}

/** The same meeting with its approved entries and referee, nothing drawn yet. */
export async function competitionEntries(
  admin: Page,
  opts: { item: string; athletes: number },
): Promise<Omit<CompMeeting, 'round'>> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const now = Date.now();
  const code = `cm${stamp}`;
  // One delegation enters every athlete of the event.
  const meetingId = await openMeeting(admin, { name: `竞赛测试运动会${stamp}`, code, maxEntriesPerItem: 100 });
  const { groupId, groupItemIds } = await groupWithItems(
    admin,
    { meetingId, name: '少年女子组', nameEn: 'Girls U18', gender: 'F', birthFrom: '2008-01-01', birthTo: '2012-12-31' },
    [opts.item],
  );
  const groupItemId = groupItemIds[0]!;
  const delegation = await api<{ id: number }>(admin, 'POST', '/api/v1/delegations', {
    meetingId,
    name: uniqueName('竞赛中学'),
    leaderName: '李老师',
    contactMobile: `139${String(now).slice(-8)}`,
  });
  const athleteIds: number[] = [];
  for (let i = 0; i < opts.athletes; i++) {
    const birth = `2010-0${1 + (i % 9)}-1${i % 10}`;
    const a = await api<{ id: number }>(admin, 'POST', '/api/v1/apply/athletes', {
      delegationId: delegation.id,
      groupId,
      name: `选手${String.fromCharCode(0x7532 + i)}${stamp.slice(-3)}`,
      idType: '1',
      idNumber: girlId(birth),
    });
    athleteIds.push(a.id);
    await api(admin, 'POST', '/api/v1/apply/entries', {
      delegationId: delegation.id,
      athleteId: a.id,
      groupItemId,
    });
  }
  await api(admin, 'POST', '/api/v1/apply/submit', { delegationId: delegation.id });
  await api(admin, 'POST', '/api/v1/audit/decisions', { entity: 'athlete', ids: athleteIds, decision: 'approve' });

  const roles = await api<{ value: number; code: string }[]>(admin, 'GET', '/api/v1/roles/options');
  const username = `ref${stamp}`;
  const user = await api<{ id: number }>(admin, 'POST', '/api/v1/users', {
    username,
    nickname: `裁判${stamp.slice(-4)}`,
    gender: 0,
    userType: 40,
    roleIds: [roles.find((r) => r.code === 'REFEREE')!.value],
    password: REFEREE_PASSWORD,
  });
  await api(admin, 'PUT', `/api/v1/meetings/${meetingId}/officials`, { userIds: [user.id] });
  return { meetingId, code, groupItemId, referee: { id: user.id, username } };
}

/**
 * The demo meeting (wrj2025) as the competition API lists it to the user of `page` (other specs
 * make meetings of their own, which may come first in the list).
 */
export async function demoMeeting(page: Page) {
  const meetings = await api<{ id: number; code: string; startDate: string }[]>(
    page,
    'GET',
    '/api/v1/competition/meetings',
  );
  return meetings.find((m) => m.code === 'wrj2025')!;
}

/** The committee member signed in on `page` on a desktop screen, and the demo meeting. */
export async function committeeOnDemo(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOnce(page, 'committee');
  return demoMeeting(page);
}
