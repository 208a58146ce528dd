import { idCheckChar, USER_TYPE } from '@baton/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { createAthlete } from '../../modules/apply/athletes.js';
import { createCoach } from '../../modules/apply/coaches.js';
import { createEntry } from '../../modules/apply/entries.js';
import { createRelay } from '../../modules/apply/relays.js';
import { submitApply } from '../../modules/apply/submit.js';
import { ensureDelegationUser } from '../../modules/dlg/account.js';
import type { CurrentUser } from '../../plugins/auth.js';
import type { Db, DbOrTx } from '../client.js';
import {
  athlete,
  auditDecision,
  coach,
  delegation,
  entry,
  group,
  groupItem,
  item,
  meeting,
  user,
} from '../schema/index.js';

/**
 * Demo registrations of the demo meeting `wrj2025` (after seedMeetingDemo): the first two
 * delegations enrol athletes, coaches, entries and a relay team through the apply services as
 * their own accounts would (so every rule holds), and submit; the committee has approved part
 * of the first delegation. The third and fourth delegations stay empty for a newcomer.
 *
 * Skipped under NODE_ENV=test: the server suites count the seeded registrations from zero
 * (see seed/index.ts); its own test calls it directly.
 */

const BOYS = ['陈浩然', '林子轩', '黄宇航', '吴俊杰', '郑博文'];
const GIRLS = ['王雨桐', '李欣怡', '张诗涵', '刘梓萱'];

/** A valid mainland ID number of Rui'an (330381) for a birth date and a sequence (odd: male). */
export function demoId(birthDate: string, order: number): string {
  const first17 = `330381${birthDate.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return `${first17}${idCheckChar(first17)}`;
}

/** The delegation's own account (made if need be) as the apply services' current user. */
export async function delegationUser(db: DbOrTx, delegationId: number, meetingId: number): Promise<CurrentUser> {
  const id = await ensureDelegationUser(db as Db, delegationId);
  return {
    id,
    username: `dlg-${delegationId}`,
    nickname: `dlg-${delegationId}`,
    avatar: null,
    userType: USER_TYPE.DELEGATION,
    deptId: null,
    roles: ['DELEGATION'],
    perms: [],
    isRoot: false,
    sessionId: 'seed',
    delegation: { id: delegationId, meetingId },
  };
}

export async function seedRegistrationDemo(db: DbOrTx): Promise<void> {
  const d = db as Db;
  const [m] = await db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
  if (!m) return;
  const groups = await db.select().from(group).where(eq(group.meetingId, m.id)).orderBy(asc(group.sort));
  const items = await db
    .select({ id: groupItem.id, groupId: groupItem.groupId, code: item.code })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .where(
      inArray(
        groupItem.groupId,
        groups.map((g) => g.id),
      ),
    );
  const byName = (nameEn: string) => groups.find((g) => g.nameEn === nameEn)!;
  const itemOf = (g: { id: number }, code: string) => items.find((i) => i.groupId === g.id && i.code === code)!.id;
  const dlgs = await db.select().from(delegation).where(eq(delegation.meetingId, m.id)).orderBy(asc(delegation.id));
  if (dlgs.length < 2) return;

  let order = 11;
  const enrol = async (
    u: CurrentUser,
    g: (typeof groups)[number],
    name: string,
    month: number,
    events: [string, string | null][],
  ) => {
    const birth = `${g.birthFrom.slice(0, 4)}-${String(month).padStart(2, '0')}-${String(8 + month).padStart(2, '0')}`;
    order += 2;
    const a = await createAthlete(d, u, {
      groupId: g.id,
      name,
      idNumber: demoId(birth, g.gender === 'F' ? order + 1 : order),
      fields: {
        school: u.delegation!.id === dlgs[0]!.id ? '瑞安中学' : '玉海中学',
        emergencyContact: `${name.slice(0, 1)}家长`,
        emergencyMobile: `139${String(10_000_000 + order * 7919).slice(0, 8)}`,
      },
    });
    for (const [code, seedMark] of events) {
      await createEntry(d, u, { athleteId: a.after.id, groupItemId: itemOf(g, code), seedMark });
    }
    return a.after.id;
  };

  // ─── Delegation 1: U16, a relay team, submitted; part approved by the committee ──────
  const u1 = await delegationUser(db, dlgs[0]!.id, m.id);
  const u16b = byName('U16 Boys');
  const u16g = byName('U16 Girls');
  const boys1 = [
    await enrol(u1, u16b, BOYS[0]!, 3, [
      ['100', '11.92'],
      ['200', '24.35'],
    ]),
    await enrol(u1, u16b, BOYS[1]!, 5, [
      ['100', '12.10'],
      ['LJ', '5.62'],
    ]),
    await enrol(u1, u16b, BOYS[2]!, 7, [['1500', '4:38.20']]),
    await enrol(u1, u16b, BOYS[3]!, 9, [
      ['HJ', '1.68'],
      ['SP', '11.20'],
    ]),
  ];
  const girls1 = [
    await enrol(u1, u16g, GIRLS[0]!, 4, [
      ['100', '13.05'],
      ['80H', '12.90'],
    ]),
    await enrol(u1, u16g, GIRLS[1]!, 6, [['800', '2:28.40']]),
  ];
  await createRelay(d, u1, {
    groupItemId: itemOf(u16b, '4x100'),
    letter: 'A',
    members: boys1.map((athleteId, i) => ({ athleteId, leg: i + 1 })),
    seedMark: '47.80',
  });
  const leader1 = await createCoach(d, u1, { name: '陈明', gender: 'M', role: 'leader', mobile: '13800000001' });
  await createCoach(d, u1, { name: '周婷', gender: 'F', role: 'head_coach', mobile: '13911110001' });
  await submitApply(d, u1, {});
  const [committee] = await db.select({ id: user.id }).from(user).where(eq(user.username, 'committee'));
  const approvedAthletes = [boys1[0]!, boys1[1]!, girls1[0]!];
  await db.update(athlete).set({ status: 'approved' }).where(inArray(athlete.id, approvedAthletes));
  await db.update(entry).set({ status: 'approved' }).where(inArray(entry.athleteId, approvedAthletes));
  await db.update(coach).set({ status: 'approved' }).where(eq(coach.id, leader1.after.id));
  if (committee) {
    await db.insert(auditDecision).values(
      [
        ...approvedAthletes.map((entityId) => ({ entity: 'athlete' as const, entityId })),
        { entity: 'coach' as const, entityId: leader1.after.id },
      ].map((r) => ({
        ...r,
        meetingId: m.id,
        level: 'committee' as const,
        decision: 'approve' as const,
        userId: committee.id,
      })),
    );
  }

  // ─── Delegation 2: U18, submitted, and one athlete added since (draft) ────────────────
  const u2 = await delegationUser(db, dlgs[1]!.id, m.id);
  const u18b = byName('U18 Boys');
  const u18g = byName('U18 Girls');
  await enrol(u2, u18b, BOYS[4]!, 2, [
    ['400', '52.60'],
    ['110H', '15.40'],
  ]);
  await enrol(u2, u18g, GIRLS[2]!, 8, [
    ['400', '1:00.85'],
    ['LJ', '5.10'],
  ]);
  await createCoach(d, u2, { name: '林强', gender: 'M', role: 'leader', mobile: '13800000002' });
  await submitApply(d, u2, {});
  await enrol(u2, u18g, GIRLS[3]!, 11, [['DT', '32.50']]);
}
