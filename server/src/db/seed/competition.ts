import { and, asc, eq, inArray } from 'drizzle-orm';
import { createAthlete } from '../../modules/apply/athletes.js';
import { createCoach } from '../../modules/apply/coaches.js';
import { createEntry } from '../../modules/apply/entries.js';
import { createRelay } from '../../modules/apply/relays.js';
import { submitApply } from '../../modules/apply/submit.js';
import type { Db, DbOrTx } from '../client.js';
import {
  areaCode,
  athlete,
  auditDecision,
  coach,
  delegation,
  entry,
  group,
  groupItem,
  item,
  meeting,
  relayTeam,
  user,
} from '../schema/index.js';
import { delegationUser, demoId } from './registration.js';

/**
 * Demo data for the competition (issue 6), after the demo registrations (registration.ts):
 * six more schools (delegations 5–10) enrol athletes through the apply services as their own
 * accounts would, submit, and the committee approves them — so the start lists have fields to
 * seed: U16 Boys 100 m 20 approved entries (3 heats), U16 Boys long jump 12, U16 Girls high
 * jump 10 (who also run the 100 m), U16 Boys 4 × 100 m 6 teams, U18 Girls 400 m 10. The organisers allow three
 * entries per school in the U16 Boys 100 m.
 */

const SCHOOLS: [string, string, string, string][] = [
  ['瑞安市第四中学代表队', '瑞安四中', '330381001', '13800000005'],
  ['安阳实验中学代表队', '安阳实验', '330381001', '13800000006'],
  ['塘下中学代表队', '塘中', '330381002', '13800000007'],
  ['飞云中学代表队', '飞中', '330381003', '13800000008'],
  ['马屿中学代表队', '马中', '330381003', '13800000009'],
  ['瑞安市滨江中学代表队', '滨江', '330381002', '13800000010'],
];
const COACHES = ['金老师', '潘老师', '蔡老师', '董老师', '谢老师', '叶老师'];

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
];
const BOY_NAMES = ['子豪', '宇轩', '浩宇', '俊熙', '明哲', '嘉诚', '天佑', '思远', '泽宇', '一鸣', '铭扬', '睿哲'];
const GIRL_NAMES = ['雨萱', '思琪', '梓涵', '欣妍', '可馨', '语桐', '佳怡', '若曦', '书瑶', '芷若', '晨曦', '静怡'];

/** Seed marks by school and athlete (null: no mark). */
const U16B_100 = [
  ['11.68', '12.05', '12.74'],
  ['11.85', '12.31', null],
  ['11.79', '12.48', '13.02'],
  ['12.02', '12.19', '12.90'],
  ['11.95', '12.60', '13.15'],
  ['11.74', '12.37', '12.83'],
];
const U16B_LJ = [
  ['6.12', '5.48'],
  ['5.95', '5.33'],
  ['6.05', null],
  ['5.71', '5.26'],
  ['5.88', '5.40'],
  ['6.21', '5.57'],
];
const U16G_HJ = [['1.58', '1.45'], ['1.52', '1.41'], ['1.61', '1.48'], ['1.55', null], ['1.50', '1.43'], []];
const U16B_4X100 = ['46.85', '47.62', '47.10', '48.35', '47.95', '46.98'];
const U18G_400 = [
  ['59.42', '1:02.85'],
  ['1:00.10', '1:03.40'],
  ['58.86', '1:01.72'],
  ['1:00.95', '1:04.20'],
  ['1:01.30'],
  ['59.95'],
];

export async function seedCompetitionDemo(db: DbOrTx): Promise<void> {
  const d = db as Db;
  const [m] = await db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
  if (!m) return;
  const groups = await db.select().from(group).where(eq(group.meetingId, m.id)).orderBy(asc(group.sort));
  const byName = (nameEn: string) => groups.find((g) => g.nameEn === nameEn)!;
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
  const itemOf = (g: { id: number }, code: string) => items.find((i) => i.groupId === g.id && i.code === code)!.id;
  const u16b = byName('U16 Boys');
  const u16g = byName('U16 Girls');
  const u18g = byName('U18 Girls');
  await db
    .update(groupItem)
    .set({ maxPerDelegation: 3 })
    .where(eq(groupItem.id, itemOf(u16b, '100')));

  const areas = await db.select({ id: areaCode.id, code: areaCode.code }).from(areaCode);
  const dlgs = await db
    .insert(delegation)
    .values(
      SCHOOLS.map(([name, shortName, area, mobile], i) => ({
        meetingId: m.id,
        name,
        shortName,
        areaCodeId: areas.find((a) => a.code === area)?.id ?? null,
        contactName: COACHES[i]!,
        contactMobile: mobile,
        status: 'registering' as const,
        source: 'manual' as const,
      })),
    )
    .returning({ id: delegation.id, name: delegation.name });

  let order = 201;
  let nameSeq = 0;
  const approved: number[] = [];
  for (const [i, dlg] of dlgs.entries()) {
    const u = await delegationUser(d, dlg.id, m.id);
    const school = SCHOOLS[i]![0].replace('代表队', '');
    const enrol = async (g: typeof u16b, month: number, events: [string, string | null][]) => {
      const given = g.gender === 'F' ? GIRL_NAMES : BOY_NAMES;
      const name = `${SURNAMES[(nameSeq * 7 + i) % SURNAMES.length]}${given[nameSeq % given.length]}`;
      nameSeq += 1;
      order += 2;
      const birth = `${g.birthFrom.slice(0, 4)}-${String(month).padStart(2, '0')}-${String(10 + (order % 18)).padStart(2, '0')}`;
      const a = await createAthlete(d, u, {
        groupId: g.id,
        name,
        idNumber: demoId(birth, g.gender === 'F' ? order + 1 : order),
        fields: {
          school,
          emergencyContact: `${name.slice(0, 1)}家长`,
          emergencyMobile: `139${String(20_000_000 + order * 7919).slice(0, 8)}`,
        },
      });
      for (const [code, seedMark] of events) {
        await createEntry(d, u, { athleteId: a.after.id, groupItemId: itemOf(g, code), seedMark });
      }
      approved.push(a.after.id);
      return a.after.id;
    };
    const sprint = U16B_100[i]!;
    const jump = U16B_LJ[i]!;
    const boys = [
      await enrol(u16b, 2, [
        ['100', sprint[0]!],
        ['LJ', jump[0]!],
      ]),
      await enrol(u16b, 4, [
        ['100', sprint[1]!],
        ['LJ', jump[1]!],
      ]),
      await enrol(u16b, 6, [['100', sprint[2]!]]),
      await enrol(u16b, 8, [['SP', null]]),
    ];
    // The high jumpers also run the 100 m (a second sprint to enter results in, apart from the boys').
    for (const [j, mark] of U16G_HJ[i]!.entries()) {
      await enrol(u16g, 3 + j * 4, [
        ['HJ', mark],
        ['100', `13.${String(40 + i * 7 + j * 3).padStart(2, '0')}`],
      ]);
    }
    for (const [j, mark] of U18G_400[i]!.entries()) await enrol(u18g, 5 + j * 3, [['400', mark]]);
    await createRelay(d, u, {
      groupItemId: itemOf(u16b, '4x100'),
      letter: 'A',
      members: boys.map((athleteId, leg) => ({ athleteId, leg: leg + 1 })),
      seedMark: U16B_4X100[i]!,
    });
    await createCoach(d, u, { name: COACHES[i]!, gender: 'M', role: 'leader', mobile: SCHOOLS[i]![3] });
    await submitApply(d, u, {});
  }

  // The committee's audit: everything of these six schools approved.
  const ids = dlgs.map((x) => x.id);
  await db.update(athlete).set({ status: 'approved' }).where(inArray(athlete.delegationId, ids));
  await db.update(entry).set({ status: 'approved' }).where(inArray(entry.delegationId, ids));
  await db.update(relayTeam).set({ status: 'approved' }).where(inArray(relayTeam.delegationId, ids));
  const coaches = await db
    .update(coach)
    .set({ status: 'approved' })
    .where(inArray(coach.delegationId, ids))
    .returning({ id: coach.id });
  await db
    .update(delegation)
    .set({ status: 'approved' })
    .where(and(inArray(delegation.id, ids), eq(delegation.meetingId, m.id)));
  const [committee] = await db.select({ id: user.id }).from(user).where(eq(user.username, 'committee'));
  if (committee) {
    await db.insert(auditDecision).values(
      [
        ...approved.map((entityId) => ({ entity: 'athlete' as const, entityId })),
        ...coaches.map((c) => ({ entity: 'coach' as const, entityId: c.id })),
      ].map((r) => ({
        ...r,
        meetingId: m.id,
        level: 'committee' as const,
        decision: 'approve' as const,
        userId: committee.id,
      })),
    );
  }
}
