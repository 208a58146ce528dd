import type { CoachBody, CoachPageQuery, CoachUpdateBody, CoachVO } from '@baton/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { coach } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { likeAny } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import {
  type Acting,
  countInt,
  delegationOfRecord,
  keepHistory,
  requireActing,
  requireWriting,
  requireWritingFor,
  type Writing,
} from './access.js';
import { checkUploads, type Forms, loadForms } from './forms.js';
import { createPerson, readPerson } from './people.js';
import { changeable, checkFieldValues, checkPerson, cleanName, formFields, limitReached, locked } from './rules.js';
import { blank, inTransaction, same, type Written } from './tx.js';
import { coachSnapshot, coachVO, selectCoaches, toCoachVO } from './views.js';

/** The delegation's coaches: list, read, add, change and delete, each write in one transaction with its history. */

export async function pageCoaches(db: Db, u: CurrentUser, q: CoachPageQuery) {
  const a = await requireActing(db, u, q.delegationId);
  const w = and(
    eq(coach.delegationId, a.d.id),
    likeAny(q.keywords, [coach.name, coach.mobile, coach.idNumber]),
    q.role ? eq(coach.role, q.role) : undefined,
    q.status ? eq(coach.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(coach).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await selectCoaches(db, w).orderBy(asc(coach.id)).limit(limit).offset(offset);
  return { list: rows.map(toCoachVO), total: total?.n ?? 0 };
}

export const getCoach = (db: Db, u: CurrentUser, id: number) => readPerson(db, u, id, coachVO);

async function checkCoachForm(
  tx: DbOrTx,
  w: Acting,
  forms: Forms,
  body: CoachBody | CoachUpdateBody,
  current: typeof coach.$inferSelect | null,
) {
  const name = cleanName(body.name);
  const idType = body.idType ?? '1';
  let idNumber = blank(body.idNumber)?.toUpperCase() ?? null;
  if (idNumber && idType === '1') idNumber = checkPerson({ idType, idNumber, gender: body.gender }).idNumber;
  const checked = checkFieldValues(formFields(forms.coach), body.fields, forms.dicts);
  await checkUploads(
    tx,
    w,
    checked.fileIds.filter((f) => current?.fields[f.key] !== f.id),
  );
  return {
    name,
    gender: body.gender,
    mobile: blank(body.mobile),
    idType,
    idNumber,
    role: body.role,
    fields: checked.values,
  };
}

export async function addCoach(tx: DbOrTx, w: Writing, forms: Forms, body: CoachBody): Promise<number> {
  const values = await checkCoachForm(tx, w, forms, body, null);
  const max = w.m.maxCoaches;
  if (max !== null) {
    const [n] = await tx.select({ n: countInt }).from(coach).where(eq(coach.delegationId, w.d.id));
    if ((n?.n ?? 0) >= max) {
      throw limitReached(
        'name',
        `每个代表队最多报名 ${max} 名随队人员`,
        `a delegation may register at most ${max} coaches`,
      );
    }
  }
  const [row] = await tx
    .insert(coach)
    .values({ ...values, meetingId: w.m.id, delegationId: w.d.id, status: 'draft' })
    .returning({ id: coach.id });
  const after = (await coachVO(tx, row!.id))!;
  await keepHistory(tx, w, [{ entity: 'coach', entityId: row!.id, before: null, after: coachSnapshot(after) }]);
  return row!.id;
}

export const createCoach = (db: Db, u: CurrentUser, body: CoachBody) => createPerson(db, u, body, addCoach, coachVO);

export async function updateCoach(
  db: Db,
  u: CurrentUser,
  id: number,
  body: CoachUpdateBody,
): Promise<Written<CoachVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, await delegationOfRecord(tx, coach, id));
    const [row] = await tx.select().from(coach).where(eq(coach.id, id));
    const cur = changeable(row, body.version);
    const values = await checkCoachForm(tx, w, await loadForms(tx, w.m.id), body, cur);
    const before = (await coachVO(tx, id))!;
    const unchanged = (Object.keys(values) as (keyof typeof values)[]).every((k) => same(values[k], cur[k]));
    if (unchanged) return { before, after: before, override: w.override };
    const status = cur.status === 'approved' ? 'submitted' : cur.status;
    await tx
      .update(coach)
      .set({ ...values, status, ...nextVersion(coach) })
      .where(eq(coach.id, id));
    const after = (await coachVO(tx, id))!;
    await keepHistory(tx, w, [
      { entity: 'coach', entityId: id, before: coachSnapshot(before), after: coachSnapshot(after) },
    ]);
    return { before, after, override: w.override };
  });
}

export async function deleteCoaches(db: Db, u: CurrentUser, ids: number[]) {
  return inTransaction(db, async (tx) => {
    const ws = await requireWritingFor(tx, u, coach, ids);
    const rows = await tx.select().from(coach).where(inArray(coach.id, ids));
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.status === 'submitted' || r.status === 'approved')) throw locked();
    const before = await selectCoaches(tx, inArray(coach.id, ids));
    await tx.delete(coach).where(inArray(coach.id, ids));
    for (const r of before) {
      await keepHistory(tx, ws.get(r.c.delegationId)!, [
        { entity: 'coach', entityId: r.c.id, before: coachSnapshot(toCoachVO(r)), after: null },
      ]);
    }
    return {
      deleted: rows.length,
      before: before.map(toCoachVO),
      override: [...ws.values()].some((w) => w.override),
    };
  });
}
