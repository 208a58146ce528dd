import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  type athlete,
  type coach,
  delegation,
  type delegationFile,
  type entry,
  meeting,
  recordHistory,
  type relayTeam,
} from '../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../lib/errors.js';
import { preparedSelect, queryBuilder } from '../../lib/sql.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { type MeetingRow, meetingRole, requireMeeting } from '../meetings/access.js';
import { isRegistrationOpen } from '../meetings/registration-window.js';

/**
 * Who acts on which delegation (DOMAIN.md "Registration" 1 and 2):
 * - a delegation account (CurrentUser.delegation) acts on its own delegation only; another
 *   `delegationId`, or a record of another delegation, answers 404 (nothing is revealed);
 * - a meeting manager (admin, root, committee admin of the meeting) names the delegation with
 *   `delegationId` (or reaches it through a record's id) and may write outside the
 *   registration window: such a write is an override, noted in the operation log;
 * - anyone else: 404 (an area user, who only views the meeting: 403).
 */
export type DelegationRow = typeof delegation.$inferSelect;

export interface Acting {
  u: CurrentUser;
  d: DelegationRow;
  m: MeetingRow;
  /** A meeting manager acting for the delegation (not the delegation itself). */
  manager: boolean;
  /** The registration window is open now. */
  open: boolean;
}

export interface Writing extends Acting {
  /** A manager writing while the window is closed. */
  override: boolean;
}

async function reach(db: DbOrTx, u: CurrentUser, d: DelegationRow | undefined): Promise<Acting> {
  if (!d) throw notFound();
  if (u.delegation) {
    if (u.delegation.id !== d.id) throw notFound();
    const [m] = await db.select().from(meeting).where(eq(meeting.id, d.meetingId));
    if (!m) throw notFound();
    return { u, d, m, manager: false, open: isRegistrationOpen(m) };
  }
  const { meeting: m } = await requireMeeting(db, u, d.meetingId, 'manage');
  return { u, d, m, manager: true, open: isRegistrationOpen(m) };
}

/**
 * `reach` with the delegation's meeting already read (in the statement that locked the row):
 * the same answers, without reading the meeting again. A committee or area user still goes
 * through `requireMeeting` (their assignment to the meeting is checked there).
 */
async function reachWithMeeting(db: DbOrTx, u: CurrentUser, d: DelegationRow, m: MeetingRow): Promise<Acting> {
  if (u.delegation) {
    if (u.delegation.id !== d.id) throw notFound();
    return { u, d, m, manager: false, open: isRegistrationOpen(m) };
  }
  if (meetingRole(u) === 'all') return { u, d, m, manager: true, open: isRegistrationOpen(m) };
  return reach(db, u, d);
}

/** The delegation a request acts on: the caller's own, or the one a manager names. */
export function delegationIdOf(u: CurrentUser, delegationId: number | undefined): number {
  if (u.delegation) {
    if (delegationId !== undefined && delegationId !== u.delegation.id) throw notFound();
    return u.delegation.id;
  }
  if (delegationId === undefined) {
    throw badInput('请指定代表队（delegationId）', 'name the delegation (delegationId) to act for');
  }
  return delegationId;
}

/** Read access to a delegation's registration. */
export async function requireActing(db: DbOrTx, u: CurrentUser, delegationId: number | undefined): Promise<Acting> {
  const id = delegationIdOf(u, delegationId);
  const [d] = await db.select().from(delegation).where(eq(delegation.id, id));
  return reach(db, u, d);
}

/**
 * Start a write inside a transaction: lock the delegation's row (parallel writes of one
 * delegation run one after the other, so no limit can be passed by a burst), check the caller
 * reaches it and that registration is open (a manager may override, noted). The first write
 * of an invited delegation marks it as registering.
 */
export async function requireWriting(tx: DbOrTx, u: CurrentUser, delegationId: number): Promise<Writing> {
  return lockAndWrite(tx, u, 'apply_lock_delegation', () => eq(delegation.id, sql.placeholder('id')), {
    id: delegationId,
  });
}

const lockStatements = new Map<string, ReturnType<typeof lockStatement>>();

/** The statement locking the delegation row matching `where`, with its meeting (built once per name). */
function lockStatement(name: string, where: SQL | undefined) {
  return preparedSelect<ReturnType<typeof lockQuery>, Record<string, number>>(name, lockQuery(where));
}
const lockQuery = (where: SQL | undefined) =>
  queryBuilder
    .select({ d: delegation, m: meeting })
    .from(delegation)
    .innerJoin(meeting, eq(meeting.id, delegation.meetingId))
    .where(where)
    .for('update', { of: delegation });

/**
 * Lock the delegation row matching `where` (its meeting read in the same statement), then as
 * `writing`. The statement runs as the prepared statement `name` (PostgreSQL plans it once per
 * connection): `where()` (called once per name) takes its values as placeholders, filled from `values`, so that one name
 * always stands for one text.
 */
async function lockAndWrite(
  tx: DbOrTx,
  u: CurrentUser,
  name: string,
  where: () => SQL | undefined,
  values: Record<string, number>,
): Promise<Writing> {
  let lock = lockStatements.get(name);
  if (!lock) {
    lock = lockStatement(name, where());
    lockStatements.set(name, lock);
  }
  const [row] = await lock(tx, values);
  if (!row) throw notFound();
  const a = await reachWithMeeting(tx, u, row.d, row.m);
  if (!a.open && !a.manager) throw new AppError('A0460');
  if (a.d.status === 'invited') {
    await tx.update(delegation).set({ status: 'registering' }).where(eq(delegation.id, a.d.id));
    a.d = { ...a.d, status: 'registering' };
  }
  return { ...a, override: !a.open };
}

export type OwnedTable = typeof athlete | typeof coach | typeof entry | typeof relayTeam | typeof delegationFile;

/** The delegation of a record found by id (to lock it first); a missing record answers 404. */
export async function delegationOfRecord(tx: DbOrTx, table: OwnedTable, id: number): Promise<number> {
  const t = table as typeof athlete;
  const [row] = await tx.select({ delegationId: t.delegationId }).from(t).where(eq(t.id, id));
  if (!row) throw notFound();
  return row.delegationId;
}

/**
 * `writing` for the delegation a record belongs to, reached through the record in the statement
 * that locks the delegation's row (one round trip instead of two). A missing record answers 404,
 * as does a delegation other than `only` (the caller's own, or the one a manager named): the row
 * of a delegation the caller may not write is then never locked.
 */
export async function requireWritingOfRecord(
  tx: DbOrTx,
  u: CurrentUser,
  table: OwnedTable,
  id: number,
  only?: number,
): Promise<Writing> {
  const t = table as typeof athlete;
  return lockAndWrite(
    tx,
    u,
    `apply_lock_of_${getTableName(t)}${only === undefined ? '' : '_only'}`,
    () =>
      and(
        sql`${delegation.id} = (select ${t.delegationId} from ${t} where ${t.id} = ${sql.placeholder('id')})`,
        only === undefined ? undefined : eq(delegation.id, sql.placeholder('only')),
      ),
    only === undefined ? { id } : { id, only },
  );
}

export type HistoryEntity = 'athlete' | 'coach' | 'entry' | 'relay' | 'delegation';

/** Keep the before/after pair of a change (the audit shows the diff). */
export async function keepHistory(
  tx: DbOrTx,
  w: Acting,
  rows: { entity: HistoryEntity; entityId: number; before: unknown; after: unknown }[],
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(recordHistory).values(
    rows.map((r) => ({
      meetingId: w.m.id,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      userId: w.u.id,
    })),
  );
}

/** `count(*)::int` for the checks of the limits. */
export const countInt = sql<number>`count(*)::int`;

/** The reader of a record: the delegation itself, or a manager of its meeting; otherwise 404. */
export async function requireRecord(db: DbOrTx, u: CurrentUser, r: { delegationId: number; meetingId: number }) {
  if (u.delegation) {
    if (u.delegation.id !== r.delegationId) throw notFound();
    return;
  }
  await requireMeeting(db, u, r.meetingId, 'manage');
}

/**
 * Lock every delegation the records belong to (in id order, so two batches never wait on each
 * other), checking the caller reaches each. Any id not found: 404 before anything changes. Read the records again after it.
 */
export async function requireWritingFor(
  tx: DbOrTx,
  u: CurrentUser,
  table: OwnedTable,
  ids: number[],
): Promise<Map<number, Writing>> {
  const t = table as typeof athlete;
  const records = await tx.select({ id: t.id, delegationId: t.delegationId }).from(t).where(inArray(t.id, ids));
  if (records.length !== ids.length) throw notFound();
  const out = new Map<number, Writing>();
  for (const dId of [...new Set(records.map((r) => r.delegationId))].sort((a, b) => a - b)) {
    out.set(dId, await requireWriting(tx, u, dId));
  }
  return out;
}
