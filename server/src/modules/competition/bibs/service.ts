import type {
  BibAssignBody,
  BibAssignResult,
  BibPageQuery,
  BibPageVO,
  BibSettings,
  BibSortKey,
  BibUpdateBody,
  BibVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { athlete, compLog, delegation, group, meeting } from '../../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../../lib/errors.js';
import { limitOffset } from '../../../lib/paging.js';
import { likeAny } from '../../../lib/sql.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { planBibs } from './numbering.js';

/** Bibs of a meeting's athletes (issue 6): numbering by a scheme, the list, a change by hand. */

/** Every bib write takes the meeting row first, so numbers stay unique in the meeting. */
async function lockMeeting(tx: DbOrTx, meetingId: number) {
  await tx.select({ id: meeting.id }).from(meeting).where(eq(meeting.id, meetingId)).for('update');
}

export async function assignBibs(db: Db, u: CurrentUser, meetingId: number, body: BibAssignBody) {
  await requireCompetition(db, u, meetingId, 'manage');
  const settings: BibSettings = {
    scheme: body.scheme,
    keepExisting: body.keepExisting,
    includeSubmitted: body.includeSubmitted ?? false,
  };
  return db.transaction(async (tx): Promise<BibAssignResult> => {
    await lockMeeting(tx, meetingId);
    const athletes = await tx
      .select({
        id: athlete.id,
        name: athlete.name,
        delegationId: athlete.delegationId,
        groupId: athlete.groupId,
        bib: athlete.bib,
        status: athlete.status,
      })
      .from(athlete)
      .where(eq(athlete.meetingId, meetingId));
    // Delegations have no English name: the block labels fall back to the Chinese one.
    const delegations = await tx
      .select({ id: delegation.id, name: delegation.name, nameEn: sql<string>`''` })
      .from(delegation)
      .where(eq(delegation.meetingId, meetingId));
    const groups = await tx
      .select({ id: group.id, name: group.name, nameEn: group.nameEn })
      .from(group)
      .where(eq(group.meetingId, meetingId));
    const plan = planBibs({ athletes, delegations, groups, settings });
    const result: BibAssignResult = {
      dryRun: !!body.dryRun,
      eligible: plan.eligible,
      assigned: plan.assigned,
      kept: plan.kept,
      cleared: plan.cleared,
      changed: plan.changes.length,
      blocks: plan.blocks,
    };
    if (body.dryRun) return result;
    if (plan.changes.length) {
      // One statement for the whole meeting, however many athletes.
      await tx.execute(sql`
        update reg_athlete a set bib = v.bib, version = a.version + 1, updated_at = now()
        from json_to_recordset(${JSON.stringify(plan.changes)}::json) as v(id int, bib text)
        where a.id = v.id and a.meeting_id = ${meetingId}`);
    }
    await tx.update(meeting).set({ bibScheme: settings }).where(eq(meeting.id, meetingId));
    const { blocks: _b, dryRun: _d, ...counts } = result;
    await tx.insert(compLog).values({
      meetingId,
      action: 'bibs.assign',
      detail: { settings, ...counts },
      userId: u.id,
    });
    return result;
  });
}

const SORT: Record<BibSortKey, SQL[]> = {
  // Numeric bibs in number order (9 before 10), others after them.
  bib: [sql`length(${athlete.bib})`, sql`${athlete.bib}`],
  name: [sql`${athlete.name}`],
  delegation: [sql`${delegation.name}`],
  group: [sql`${group.sort}`],
};

const listColumns = {
  athleteId: athlete.id,
  version: athlete.version,
  bib: athlete.bib,
  name: athlete.name,
  nameEn: athlete.nameEn,
  gender: athlete.gender,
  status: athlete.status,
  groupId: group.id,
  groupName: group.name,
  groupNameEn: group.nameEn,
  delegationId: delegation.id,
  delegationName: delegation.name,
  delegationShort: delegation.shortName,
};

/** The athletes who are (or may be) numbered: approved, submitted, or holding a bib. */
const listed = (meetingId: number) =>
  and(
    eq(athlete.meetingId, meetingId),
    or(inArray(athlete.status, ['approved', 'submitted']), sql`${athlete.bib} is not null`),
  );

function selectList(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(athlete)
    .innerJoin(group, eq(group.id, athlete.groupId))
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId));
}

export async function pageBibs(db: Db, u: CurrentUser, meetingId: number, q: BibPageQuery): Promise<BibPageVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const w = and(
    listed(meetingId),
    likeAny(q.keywords, [athlete.name, athlete.nameEn, athlete.bib, delegation.name, delegation.shortName]),
    q.groupId ? eq(athlete.groupId, q.groupId) : undefined,
    q.delegationId ? eq(athlete.delegationId, q.delegationId) : undefined,
    q.hasBib === undefined ? undefined : q.hasBib ? sql`${athlete.bib} is not null` : sql`${athlete.bib} is null`,
  );
  const [total] = await db
    .select({ n: count() })
    .from(athlete)
    .innerJoin(group, eq(group.id, athlete.groupId))
    .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
    .where(w);
  const { limit, offset } = limitOffset(q);
  // Athletes without a bib come last whichever way the list is sorted.
  const dir = q.sortDir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const order = [...SORT[q.sortKey ?? 'bib'].map((s) => sql`${s} ${dir}`), asc(athlete.id)];
  const rows = await selectList(db)
    .where(w)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [c] = await db
    .select({
      approved: sql<number>`count(*) filter (where ${athlete.status} = 'approved')::int`,
      submitted: sql<number>`count(*) filter (where ${athlete.status} = 'submitted')::int`,
      withBib: sql<number>`count(*) filter (where ${athlete.bib} is not null)::int`,
    })
    .from(athlete)
    .where(eq(athlete.meetingId, meetingId));
  return {
    list: rows,
    total: total?.n ?? 0,
    settings: (m.bibScheme as BibSettings | null) ?? null,
    approved: Number(c?.approved ?? 0),
    submitted: Number(c?.submitted ?? 0),
    withBib: Number(c?.withBib ?? 0),
  };
}

/** Change one athlete's bib by hand: unique in the meeting, on the version the editor loaded. */
export async function updateBib(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: BibUpdateBody,
): Promise<{ before: string | null; after: BibVO }> {
  await requireCompetition(db, u, meetingId, 'manage');
  const bib = body.bib === null ? null : body.bib.trim();
  return db.transaction(async (tx) => {
    await lockMeeting(tx, meetingId);
    const [current] = await tx
      .select({ id: athlete.id, version: athlete.version, bib: athlete.bib })
      .from(athlete)
      .where(and(eq(athlete.id, body.athleteId), eq(athlete.meetingId, meetingId)));
    if (!current) throw notFound();
    if (current.version !== body.version) throw new AppError('A0409');
    if (bib !== null) {
      const [other] = await tx
        .select({ name: athlete.name, delegationName: delegation.name })
        .from(athlete)
        .innerJoin(delegation, eq(delegation.id, athlete.delegationId))
        .where(and(eq(athlete.meetingId, meetingId), eq(athlete.bib, bib), ne(athlete.id, body.athleteId)));
      if (other)
        throw badInput(
          `号码 ${bib} 已被 ${other.delegationName} 的 ${other.name} 使用`,
          `bib ${bib} is already worn by ${other.name} (${other.delegationName})`,
        );
    }
    await tx
      .update(athlete)
      .set({ bib, version: sql`${athlete.version} + 1`, updatedAt: new Date() })
      .where(eq(athlete.id, body.athleteId));
    await tx.insert(compLog).values({
      meetingId,
      action: 'bibs.edit',
      detail: { athleteId: body.athleteId, before: current.bib, after: bib },
      userId: u.id,
    });
    const [after] = await selectList(tx).where(eq(athlete.id, body.athleteId));
    return { before: current.bib, after: after! };
  });
}
