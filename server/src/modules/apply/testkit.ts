import { idCheckChar } from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { delegation, group, groupItem, item, meeting, recordHistory } from '../../db/schema/index.js';
import { signInDelegation, type TestApp } from '../../test/app.js';
import { type Client, clientWithToken, data } from '../meetings/testkit.js';

/** Test helpers of the apply module: delegation clients, valid ID numbers, the demo meeting's groups. */

/** A client signed in as a delegation's account (messages in `lang`). */
export async function asDelegation(t: TestApp, delegationId: number, lang = 'en'): Promise<Client> {
  return clientWithToken(t, await signInDelegation(t, delegationId), lang);
}

let seq = 101;
/** A valid 18-digit mainland ID number for a birth date and gender (a new one each call). */
export function idNumber(birthDate: string, gender: 'M' | 'F'): string {
  seq = seq >= 997 ? 101 : seq + 2;
  const order = gender === 'M' ? seq : seq + 1;
  const first17 = `330381${birthDate.replaceAll('-', '')}${String(order).padStart(3, '0')}`;
  return `${first17}${idCheckChar(first17)}`;
}

export interface DemoGroup {
  id: number;
  name: string;
  nameEn: string;
  gender: 'M' | 'F' | 'X';
  birthFrom: string;
  birthTo: string;
  /** A birth date inside the group's range. */
  birth: string;
  items: Map<string, number>;
}

/** The demo meeting's groups (their rows), by English name ('U16 Boys'...), with their group items by item code. */
export async function demoGroups(t: TestApp): Promise<Map<string, DemoGroup>> {
  const db = t.database.db;
  const [m] = await db.select().from(meeting).where(eq(meeting.code, 'wrj2025'));
  const groups = await db.select().from(group).where(eq(group.meetingId, m!.id)).orderBy(asc(group.id));
  const items = await db
    .select({ id: groupItem.id, groupId: groupItem.groupId, code: item.code })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId));
  return new Map(
    groups.map((g) => [
      g.nameEn,
      {
        ...g,
        birth: `${g.birthFrom.slice(0, 4)}-06-15`,
        items: new Map(items.filter((i) => i.groupId === g.id).map((i) => [i.code, i.id])),
      },
    ]),
  );
}

/** The demo meeting's delegations, in id order. */
export async function demoDelegations(t: TestApp) {
  return t.database.db.select().from(delegation).orderBy(asc(delegation.id));
}

/** The demo meeting's U16 Boys and U16 Girls, and its delegations' ids in their order. */
export async function demoEntrants(t: TestApp): Promise<{ boys: DemoGroup; girls: DemoGroup; dlgIds: number[] }> {
  const groups = await demoGroups(t);
  const dlgIds = (await demoDelegations(t)).map((d) => d.id);
  return { boys: groups.get('U16 Boys')!, girls: groups.get('U16 Girls')!, dlgIds };
}

/**
 * `demoEntrants` on the suite's app (`useTestApp`), read by a `beforeAll` of the calling suite registered after
 * the app's: the groups and the id list returned are filled in then (read them in a hook or a test).
 */
export function useDemoEntrants(t: TestApp): { boys: DemoGroup; girls: DemoGroup; dlgIds: number[] } {
  const entrants = { boys: {} as DemoGroup, girls: {} as DemoGroup, dlgIds: [] as number[] };
  beforeAll(async () => {
    const read = await demoEntrants(t);
    Object.assign(entrants.boys, read.boys);
    Object.assign(entrants.girls, read.girls);
    entrants.dlgIds.push(...read.dlgIds);
  });
  return entrants;
}

/** The seeded school field (a required athlete field) as its form sends it, but for pattern and version. */
export const SCHOOL_FIELD = {
  key: 'school',
  label: '学校',
  labelEn: 'School',
  kind: 'text',
  target: 'athlete',
  required: true,
} as const;

/** The required athlete fields of the demo meeting, filled. */
export const athleteFields = () => ({ school: '瑞安中学', emergencyContact: '陈女士', emergencyMobile: '13912345678' });

/** An athlete form of a group with a fresh valid ID number. */
export function athleteForm(g: DemoGroup, extra: Record<string, unknown> = {}) {
  const gender = g.gender === 'F' ? 'F' : 'M';
  return {
    groupId: g.id,
    name: `测试${seq}`,
    idNumber: idNumber(g.birth, gender),
    fields: athleteFields(),
    ...extra,
  };
}

export async function setMeeting(t: TestApp, values: Partial<typeof meeting.$inferInsert>) {
  await t.database.db.update(meeting).set(values).where(eq(meeting.code, 'wrj2025'));
}

/** Rows of a table matching a condition (raw, for asserting the database). */
export async function count(t: TestApp, table: string, where = 'true'): Promise<number> {
  const res = (await t.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
}

/** The history rows of one registration record (`entity`: athlete, coach, relay...), oldest first. */
export async function historyOf(t: TestApp, entity: (typeof recordHistory.$inferSelect)['entity'], entityId: number) {
  return t.database.db
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.entity, entity), eq(recordHistory.entityId, entityId)))
    .orderBy(recordHistory.id);
}

/**
 * A change to an approved record sent it back to audit: the answer `res` says submitted, and the record's
 * last history row holds `before` (approved) and `after` (submitted).
 */
export async function expectBackToAudit(
  t: TestApp,
  res: LightMyRequestResponse,
  record: { entity: (typeof recordHistory.$inferSelect)['entity']; id: number },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  expect(data<{ status: string }>(res).status).toBe('submitted');
  const h = (await historyOf(t, record.entity, record.id)).at(-1);
  expect(h!.before).toMatchObject({ ...before, status: 'approved' });
  expect(h!.after).toMatchObject({ ...after, status: 'submitted' });
}
