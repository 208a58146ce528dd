import type { AthleteBody, AthletePageQuery, AthleteUpdateBody, AthleteVO } from '@baton/contracts';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, entry, relayMember } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { isUniqueViolation, likeAny, pgCode, pgConstraint, rowsOf } from '../../lib/sql.js';
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
import { relayHistoryAround } from './history.js';
import { createPerson, readPerson } from './people.js';
import {
  changeable,
  checkEligible,
  checkFieldValues,
  checkPerson,
  cleanName,
  formFields,
  invalid,
  limitReached,
  locked,
  notEligible,
  type Person,
  personTaken,
} from './rules.js';
import { blank, inTransaction, same, type Written } from './tx.js';
import { athleteSnapshots, athleteVO, selectAthletes, toAthleteVO } from './views.js';

/**
 * The delegation's athletes: list, read, add (one or a batch, with rule 4: one person once per
 * meeting), change and delete. Every write is one transaction that starts by locking the
 * delegation's row (see access.ts) and keeps the before/after pair in reg_record_history.
 */

/**
 * Who counts as the same person in a meeting (rule 4): the same ID (type and number), or, when
 * either has no ID number yet (a Hy-Tek import), the same name, birth date and gender.
 */
const samePerson = (p: Person, name: string) =>
  p.idNumber === null
    ? and(eq(athlete.name, name), eq(athlete.birthDate, p.birthDate), eq(athlete.gender, p.gender))
    : or(
        and(eq(athlete.idType, p.idType), sql`upper(${athlete.idNumber}) = ${p.idNumber.toUpperCase()}`),
        and(
          isNull(athlete.idNumber),
          eq(athlete.name, name),
          eq(athlete.birthDate, p.birthDate),
          eq(athlete.gender, p.gender),
        ),
      );

/** Rule 4: one person once per meeting, whatever the delegation (which is never named). */
async function assertPersonFree(tx: DbOrTx, meetingId: number, p: Person, name: string, exceptId: number | null) {
  const [other] = await tx
    .select({ id: athlete.id })
    .from(athlete)
    .where(and(eq(athlete.meetingId, meetingId), samePerson(p, name), exceptId ? ne(athlete.id, exceptId) : undefined))
    .limit(1);
  if (other) throw personTaken();
}

const ATHLETE_SORT = {
  name: athlete.name,
  groupId: athlete.groupId,
  status: athlete.status,
  createdAt: athlete.createdAt,
};

export async function pageAthletes(db: Db, u: CurrentUser, q: AthletePageQuery) {
  const a = await requireActing(db, u, q.delegationId);
  const w = and(
    eq(athlete.delegationId, a.d.id),
    likeAny(q.keywords, [athlete.name, athlete.nameEn, athlete.idNumber]),
    q.groupId ? eq(athlete.groupId, q.groupId) : undefined,
    q.status ? eq(athlete.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(athlete).where(w);
  const { limit, offset } = limitOffset(q);
  const rows = await selectAthletes(db, w)
    .orderBy(...orderFrom(ATHLETE_SORT, q.sortKey, q.sortDir, [asc(athlete.id)]))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toAthleteVO), total: total?.n ?? 0 };
}

export const getAthlete = (db: Db, u: CurrentUser, id: number) => readPerson(db, u, id, athleteVO);

/** The athlete form checked against every rule that needs no count: group, person, eligibility, fields. */
async function checkAthleteForm(
  tx: DbOrTx,
  w: Acting,
  forms: Forms,
  body: AthleteBody | AthleteUpdateBody,
  current: typeof athlete.$inferSelect | null,
  opts: AddOptions = {},
) {
  const g = forms.groups.find((x) => x.id === body.groupId);
  if (!g) throw invalid('groupId', '本赛事没有该组别', 'the group does not exist in this meeting');
  const name = cleanName(body.name);
  const p = checkPerson(body, { idOptional: opts.incomplete });
  checkEligible(g, p);
  const checked = checkFieldValues(formFields(forms.athlete, forms.groupFields.get(g.id)), body.fields, forms.dicts, {
    requiredLater: opts.incomplete,
  });
  const photo = blank(body.photoFileId);
  await checkUploads(tx, w, [
    ...checked.fileIds.filter((f) => current?.fields[f.key] !== f.id),
    ...(photo && photo !== current?.photoFileId ? [{ key: 'photoFileId', id: photo, image: true, photo: true }] : []),
  ]);
  return {
    group: g,
    values: {
      groupId: g.id,
      name,
      nameEn: blank(body.nameEn),
      idType: p.idType,
      idNumber: p.idNumber,
      gender: p.gender,
      birthDate: p.birthDate,
      photoFileId: photo,
      fields: checked.values,
    },
    person: p,
  };
}

/** Athletes per multi-row INSERT (and per history insert) when several are added at once. */
export const ATHLETE_BATCH = 500;
/** Rows a check for persons already registered reads per statement (bounded bind parameters). */
const PERSON_LOOKUP = 1000;

/**
 * How an athlete is added. `incomplete` (the Hy-Tek import only: Hy-Tek's files carry neither
 * ID numbers nor Baton's form fields): the ID number and the required form fields may be
 * missing; the athlete stays in draft and submit.ts blocks the submission until they are given.
 */
export interface AddOptions {
  incomplete?: boolean;
}

type CheckedAthlete = Awaited<ReturnType<typeof checkAthleteForm>>;
type AthleteValues = CheckedAthlete['values'];
type PersonFacts = { idType: string; idNumber: string | null; name: string; birthDate: string; gender: string };
/** Keys of a person: by ID; by name, birth date and gender (any athlete); the same for one without an ID. */
const idKey = (p: PersonFacts) => `id\u0000${p.idType}\u0000${(p.idNumber ?? '').toUpperCase()}`;
const nameKey = (p: PersonFacts) => `name\u0000${p.name}\u0000${p.birthDate}\u0000${p.gender}`;
const noIdKey = (p: PersonFacts) => `noid\u0000${nameKey(p)}`;
/** Whether `p` is a person already in `taken` (rule 4, see samePerson). */
const isTaken = (taken: Set<string>, p: PersonFacts) =>
  p.idNumber === null ? taken.has(nameKey(p)) : taken.has(idKey(p)) || taken.has(noIdKey(p));
function take(taken: Set<string>, p: PersonFacts) {
  taken.add(nameKey(p));
  taken.add(p.idNumber === null ? noIdKey(p) : idKey(p));
}

/** The persons of `people` already registered in the meeting (any delegation), read in chunks. */
async function registeredPersons(tx: DbOrTx, meetingId: number, people: PersonFacts[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const numbers = [...new Set(people.flatMap((p) => (p.idNumber === null ? [] : [p.idNumber.toUpperCase()])))];
  const names = [...new Set(people.map((p) => p.name))];
  const cols = {
    idType: athlete.idType,
    idNumber: sql<string | null>`upper(${athlete.idNumber})`,
    name: athlete.name,
    birthDate: sql<string>`${athlete.birthDate}::text`,
    gender: athlete.gender,
  };
  const found: PersonFacts[] = [];
  for (let i = 0; i < numbers.length; i += PERSON_LOOKUP) {
    const slice = numbers.slice(i, i + PERSON_LOOKUP);
    found.push(
      ...(await tx
        .select(cols)
        .from(athlete)
        .where(and(eq(athlete.meetingId, meetingId), inArray(sql`upper(${athlete.idNumber})`, slice)))),
    );
  }
  for (let i = 0; i < names.length; i += PERSON_LOOKUP) {
    const slice = names.slice(i, i + PERSON_LOOKUP);
    found.push(
      ...(await tx
        .select(cols)
        .from(athlete)
        .where(and(eq(athlete.meetingId, meetingId), inArray(athlete.name, slice)))),
    );
  }
  for (const r of found) take(taken, r);
  return taken;
}

/**
 * The counted rules, row after row as if each were added alone and in order: the delegation's
 * athlete limit (counted once, then by the rows accepted before), and one person once per
 * meeting (those already registered read in one pass, then the rows accepted before).
 */
async function planAthletes(
  tx: DbOrTx,
  w: Writing,
  checked: (CheckedAthlete | AppError)[],
): Promise<(AthleteValues | AppError)[]> {
  const max = w.m.maxAthletes;
  let held = 0;
  if (max !== null) {
    const [n] = await tx.select({ n: countInt }).from(athlete).where(eq(athlete.delegationId, w.d.id));
    held = n?.n ?? 0;
  }
  const fine = checked.filter((c): c is CheckedAthlete => !(c instanceof AppError));
  const taken = fine.length
    ? await registeredPersons(
        tx,
        w.m.id,
        fine.map((c) => c.values),
      )
    : new Set<string>();
  return checked.map((c) => {
    if (c instanceof AppError) return c;
    if (max !== null && held >= max) {
      return limitReached(
        'name',
        `每个代表队最多报名 ${max} 名运动员`,
        `a delegation may register at most ${max} athletes`,
      );
    }
    if (isTaken(taken, c.values)) return personTaken();
    take(taken, c.values);
    held += 1;
    return c.values;
  });
}

/** Insert the accepted athletes in batches (one INSERT … RETURNING and one history insert each). */
async function insertAthletes(
  tx: DbOrTx,
  w: Writing,
  plan: (AthleteValues | AppError)[],
): Promise<(number | AppError)[]> {
  const out: (number | AppError)[] = plan.map((p) => (p instanceof AppError ? p : 0));
  const accepted = plan.flatMap((p, i) => (p instanceof AppError ? [] : [i]));
  for (let b = 0; b < accepted.length; b += ATHLETE_BATCH) {
    const slice = accepted.slice(b, b + ATHLETE_BATCH);
    const rows = await tx
      .insert(athlete)
      .values(
        slice.map((i) => ({
          ...(plan[i] as AthleteValues),
          meetingId: w.m.id,
          delegationId: w.d.id,
          status: 'draft' as const,
        })),
      )
      .returning({
        id: athlete.id,
        idType: athlete.idType,
        idNumber: athlete.idNumber,
        name: athlete.name,
        birthDate: athlete.birthDate,
        gender: athlete.gender,
      });
    // A person is one row of the meeting (rule 4): its key finds the id of the row it became.
    const keyOf = (p: PersonFacts) => (p.idNumber === null ? noIdKey(p) : idKey(p));
    const idOf = new Map(rows.map((r) => [keyOf({ ...r, birthDate: String(r.birthDate) }), r.id]));
    const ids = slice.map((i) => {
      const v = plan[i] as AthleteValues;
      const id = idOf.get(keyOf(v));
      if (id === undefined) throw new Error('an inserted athlete was not returned');
      out[i] = id;
      return id;
    });
    const after = await athleteSnapshots(tx, ids);
    await keepHistory(
      tx,
      w,
      ids.map((id) => ({ entity: 'athlete' as const, entityId: id, before: null, after: after.get(id) })),
    );
  }
  return out;
}

/** Another transaction registered one of the persons meanwhile (or the two waited on each other). */
const personRace = (err: unknown) =>
  (isUniqueViolation(err) &&
    ['reg_athlete_person_uq', 'reg_athlete_person_no_id_uq'].includes(pgConstraint(err) ?? '')) ||
  pgCode(err) === '40P01';

/**
 * Add athletes inside a write transaction (POST adds one, the import many): every rule for
 * each body in order, as if each were added alone, then the accepted ones written in batches
 * with their history. The answer, body by body: the new id, the rule the body breaks, or
 * null (it passes, but `mode` 'all' wrote nothing because another body failed; 'none' never
 * writes). The person index still guards races with parallel writes of other delegations:
 * when it fires, the batch is undone (savepoint) and the rows are checked again.
 */
export async function addAthletes(
  tx: DbOrTx,
  w: Writing,
  forms: Forms,
  bodies: AthleteBody[],
  mode: 'valid' | 'all' | 'none' = 'valid',
  opts: AddOptions = {},
): Promise<(number | AppError | null)[]> {
  const checked: (CheckedAthlete | AppError)[] = [];
  for (const body of bodies) {
    try {
      checked.push(await checkAthleteForm(tx, w, forms, body, null, opts));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      checked.push(err);
    }
  }
  for (let attempt = 1; ; attempt++) {
    const plan = await planAthletes(tx, w, checked);
    const failed = plan.some((p) => p instanceof AppError);
    if (mode === 'none' || (mode === 'all' && failed)) return plan.map((p) => (p instanceof AppError ? p : null));
    try {
      return await tx.transaction((sp) => insertAthletes(sp, w, plan));
    } catch (err) {
      if (attempt >= 3 || !personRace(err)) throw err;
    }
  }
}

/** Add one athlete inside a write transaction (POST): every rule, then the history. */
export async function addAthlete(
  tx: DbOrTx,
  w: Writing,
  forms: Forms,
  body: AthleteBody,
  opts: AddOptions = {},
): Promise<number> {
  const [result] = await addAthletes(tx, w, forms, [body], 'all', opts);
  if (result instanceof AppError) throw result;
  return result!;
}

export const createAthlete = (db: Db, u: CurrentUser, body: AthleteBody) =>
  createPerson(db, u, body, addAthlete, athleteVO);

/**
 * Change an athlete: submitted ones are locked (A0461); a returned one stays returned until
 * submitted again; an approved one goes back to audit (submitted). A form that changes nothing
 * changes nothing (no history, no new audit).
 */
export async function updateAthlete(
  db: Db,
  u: CurrentUser,
  id: number,
  body: AthleteUpdateBody,
): Promise<Written<AthleteVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, await delegationOfRecord(tx, athlete, id));
    const [row] = await tx.select().from(athlete).where(eq(athlete.id, id));
    const cur = changeable(row, body.version);
    const forms = await loadForms(tx, w.m.id);
    const { values, person } = await checkAthleteForm(tx, w, forms, body, cur);
    const beforeVO = (await athleteVO(tx, id))!;
    if (values.groupId !== cur.groupId) {
      const [held] = await rowsOf<{ n: number }>(
        tx.execute(sql`select (select count(*) from reg_entry where athlete_id = ${id})
          + (select count(*) from reg_relay_member where athlete_id = ${id}) as n`),
      );
      if (Number(held?.n ?? 0) > 0) {
        throw notEligible(
          'groupId',
          '该运动员已有报项（含接力），请先删除后再更换组别',
          'the athlete has entries (or relay places) in the group; remove them before changing the group',
        );
      }
    }
    await assertPersonFree(tx, w.m.id, person, values.name, id);
    const unchanged = (Object.keys(values) as (keyof typeof values)[]).every((k) => same(values[k], cur[k]));
    if (unchanged) return { before: beforeVO, after: beforeVO, override: w.override };
    const before = await athleteSnapshots(tx, [id]);
    const status = cur.status === 'approved' ? 'submitted' : cur.status;
    await tx
      .update(athlete)
      .set({ ...values, status, ...nextVersion(athlete) })
      .where(eq(athlete.id, id));
    if (cur.status === 'approved') {
      await tx
        .update(entry)
        .set({ status: 'submitted' })
        .where(and(eq(entry.athleteId, id), eq(entry.status, 'approved')));
    }
    const after = await athleteSnapshots(tx, [id]);
    await keepHistory(tx, w, [{ entity: 'athlete', entityId: id, before: before.get(id), after: after.get(id) }]);
    return { before: beforeVO, after: (await athleteVO(tx, id))!, override: w.override };
  });
}

/** Delete draft or returned athletes (approved and submitted ones are locked: A0461). */
export async function deleteAthletes(db: Db, u: CurrentUser, ids: number[]) {
  return inTransaction(db, async (tx) => {
    const ws = await requireWritingFor(tx, u, athlete, ids);
    const rows = await tx.select().from(athlete).where(inArray(athlete.id, ids));
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.status === 'submitted' || r.status === 'approved')) throw locked();
    const before = await athleteSnapshots(tx, ids);
    const teams = await tx
      .selectDistinct({ id: relayMember.relayTeamId })
      .from(relayMember)
      .where(inArray(relayMember.athleteId, ids));
    // A relay team with a submitted runner is locked: its members cannot leave with their records.
    if (teams.length) {
      const [held] = await tx
        .select({ n: countInt })
        .from(relayMember)
        .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
        .where(
          and(
            inArray(
              relayMember.relayTeamId,
              teams.map((x) => x.id),
            ),
            eq(athlete.status, 'submitted'),
          ),
        );
      if ((held?.n ?? 0) > 0) throw locked();
    }
    await relayHistoryAround(
      tx,
      ws,
      teams.map((t) => t.id),
      async () => {
        await tx.delete(athlete).where(inArray(athlete.id, ids));
      },
    );
    for (const r of rows) {
      await keepHistory(tx, ws.get(r.delegationId)!, [
        { entity: 'athlete', entityId: r.id, before: before.get(r.id), after: null },
      ]);
    }
    return {
      deleted: rows.length,
      before: [...before.values()],
      override: [...ws.values()].some((w) => w.override),
    };
  });
}
