/**
 * Applied items: the group items a delegation can enter (with the live quota) and an athlete's
 * individual entries. Relay teams are in relays.ts.
 */
import type { ApplyItemsQuery, ApplyItemsVO, EntryBody, EntryUpdateBody, EntryVO } from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, entry, group, groupItem, item, relayTeam } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isCalendarDate } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { delegationIdOf, keepHistory, requireActing, requireWritingFor, requireWritingOfRecord } from './access.js';
import { insertEntryWithHistory, readAndInsertEntry } from './entries-write.js';
import { reauditAthletes } from './history.js';
import { invalid, limitReached, locked, notEligible, today } from './rules.js';
import { parseSeedMark } from './seed-mark.js';
import { inTransaction, type Written } from './tx.js';
import { entrySnapshot, entryVO, selectEntries, selectRelays, toEntryVO, toRelayVO } from './views.js';

/**
 * Applied items (DOMAIN.md "Registration" 5): an athlete's individual entries and the
 * delegation's relay teams, with the limits checked under the delegation's row lock:
 * - individual events per athlete ≤ the group's maxEventsPerAthlete, else the meeting's;
 * - relay places per athlete ≤ the meeting's maxRelaysPerAthlete;
 * - entries (or relay teams) per delegation per group item ≤ its maxPerDelegation, else the
 *   meeting's maxEntriesPerItem.
 * Relay teams may be saved incomplete (fewer legs than the team size, filled as athletes are
 * registered); the submission summary flags them (`relay_incomplete`) and refuses to submit.
 * Entries and relay places of a submitted athlete are locked; changing those of an approved
 * athlete sends the athlete back to audit.
 */

export const itemLabel = (x: { i: { name: string; nameEn: string }; g: { name: string; nameEn: string } }) => ({
  zh: `${x.g.name}${x.i.name}`,
  en: `${x.i.nameEn} (${x.g.nameEn || x.g.name})`,
});

function seedDateOf(text: string | null | undefined): string | null {
  if (!text) return null;
  if (!isCalendarDate(text) || text > today()) {
    throw invalid('seedDate', `成绩日期 ${text} 无效`, `the date of the seed mark ${text} is not valid`);
  }
  return text;
}

// ─── Items ───────────────────────────────────────────────────────────────────────────────

/** The group items the delegation can enter (one group or all), with the live quota, its entries and relays. */
export async function applyItems(db: Db, u: CurrentUser, q: ApplyItemsQuery): Promise<ApplyItemsVO> {
  const a = await requireActing(db, u, q.delegationId);
  if (q.groupId) {
    const [g] = await db
      .select({ id: group.id })
      .from(group)
      .where(and(eq(group.id, q.groupId), eq(group.meetingId, a.m.id)));
    if (!g) throw notFound();
  }
  const dId = a.d.id;
  const used = sql<number>`case when ${item.kind} = 'relay'
    then (select count(*)::int from reg_relay_team t where t.group_item_id = ${groupItem.id} and t.delegation_id = ${dId})
    else (select count(*)::int from reg_entry e where e.group_item_id = ${groupItem.id} and e.delegation_id = ${dId}) end`;
  const rows = await db
    .select({ gi: groupItem, i: item, used })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(and(eq(group.meetingId, a.m.id), q.groupId ? eq(groupItem.groupId, q.groupId) : undefined))
    .orderBy(asc(group.sort), asc(group.id), asc(groupItem.sort), asc(item.sort), asc(groupItem.id));
  const items = rows.map((r) => {
    const limit = r.gi.maxPerDelegation ?? a.m.maxEntriesPerItem;
    const n = Number(r.used);
    return {
      groupItemId: r.gi.id,
      groupId: r.gi.groupId,
      itemCode: r.i.code,
      itemName: r.i.name,
      itemNameEn: r.i.nameEn,
      kind: r.i.kind,
      resultFormat: r.i.resultFormat,
      relayLegs: r.i.relayLegs,
      relayTeamSize: r.gi.relayTeamSize,
      relayAlternates: r.gi.relayAlternates,
      limit,
      used: n,
      remaining: Math.max(0, limit - n),
    };
  });
  const entries = await selectEntries(
    db,
    and(eq(entry.delegationId, dId), q.groupId ? eq(athlete.groupId, q.groupId) : undefined),
  );
  const relays = await selectRelays(
    db,
    and(eq(relayTeam.delegationId, dId), q.groupId ? eq(groupItem.groupId, q.groupId) : undefined),
  );
  return { items, entries: entries.map(toEntryVO), relays: relays.map(toRelayVO) };
}

// ─── Individual entries ──────────────────────────────────────────────────────────────────

/**
 * Enter an athlete in an individual event. One round trip locks the delegation (reached through
 * the athlete) and reads its meeting; one reads every input of the rules — after the lock, so a
 * parallel write of the delegation has committed and is counted — and, when they pass, inserts
 * the entry with its history row (entries-write.ts). The rules are then checked here, in their
 * order, on what was read; the answer is built from what is known, not read back. An approved
 * athlete goes back to audit (`reauditAthletes`, a few statements more).
 */
export async function createEntry(db: DbOrTx, u: CurrentUser, body: EntryBody): Promise<Written<EntryVO>> {
  // A delegation account acts on its own delegation only; a manager may name it.
  const only = u.delegation ? delegationIdOf(u, body.delegationId) : body.delegationId;
  let dateError: unknown = null;
  let seedDate: string | null | false;
  try {
    seedDate = seedDateOf(body.seedDate);
  } catch (err) {
    dateError = err;
    seedDate = false;
  }
  return inTransaction(db, async (tx) => {
    const w = await requireWritingOfRecord(tx, u, athlete, body.athleteId, only);
    const read = await readAndInsertEntry(tx, w, body, seedDate);
    if (!read || read.inputs.a.delegationId !== w.d.id) throw notFound();
    const { a, gi, i, g, mine, dup, ours } = read.inputs;
    if (a.status === 'submitted') throw locked();
    if (!gi || !i || !g) throw invalid('groupItemId', '本赛事没有该项目', 'the event does not exist in this meeting');
    const x = { gi, i, g, limit: gi.maxPerDelegation ?? w.m.maxEntriesPerItem };
    const label = itemLabel(x);
    if (x.gi.groupId !== a.groupId) {
      throw notEligible(
        'groupItemId',
        `${label.zh}不是该运动员所在组别的项目`,
        `${label.en} is not an event of the athlete's group`,
      );
    }
    if (x.i.kind === 'relay') {
      throw invalid('groupItemId', '接力项目请以接力队报名', 'relay events are entered as relay teams');
    }
    if (dup > 0) {
      throw invalid('groupItemId', `该运动员已报${label.zh}`, `the athlete is already entered in ${label.en}`);
    }
    const maxEvents = x.g.maxEventsPerAthlete ?? w.m.maxEventsPerAthlete;
    if (mine >= maxEvents) {
      throw limitReached(
        'groupItemId',
        `${a.name}已报 ${mine} 个个人项目，每名运动员最多 ${maxEvents} 个`,
        `${a.name} has ${mine} individual events; an athlete may enter at most ${maxEvents}`,
      );
    }
    if (ours >= x.limit) {
      throw limitReached(
        'groupItemId',
        `每个代表队${label.zh}最多报 ${x.limit} 人，名额已满`,
        `a delegation may enter at most ${x.limit} athletes in ${label.en}; the places are taken`,
      );
    }
    const seed = parseSeedMark(x.i.resultFormat, body.seedMark);
    if (dateError) throw dateError;
    const date = seedDate || null;
    const status = a.status === 'approved' ? ('submitted' as const) : ('draft' as const);
    const vo = (id: number, version: number): EntryVO => ({
      id,
      athleteId: a.id,
      athleteName: a.name,
      groupItemId: x.gi.id,
      itemCode: x.i.code,
      itemName: x.i.name,
      itemNameEn: x.i.nameEn,
      seedMark: seed?.mark ?? null,
      seedDate: date,
      status,
      version,
    });
    if (read.inserted)
      return { before: null, after: vo(read.inserted.id, read.inserted.version), override: w.override };
    const values = {
      athleteId: a.id,
      groupItemId: x.gi.id,
      seedMark: seed?.mark ?? null,
      seedValue: seed?.value ?? null,
      seedDate: date,
      status,
    };
    if (a.status !== 'approved') {
      // Not expected (the statement inserts whenever the rules pass): insert it now.
      const row = await insertEntryWithHistory(tx, w, values, entrySnapshot(vo(0, 0)));
      return { before: null, after: vo(row.id, row.version), override: w.override };
    }
    // Back to audit: the athlete's history row first, then the entry's (as every write does).
    const row = await reauditAthletes(tx, w, [a.id], async () => {
      const [row] = await tx
        .insert(entry)
        .values({ meetingId: w.m.id, delegationId: w.d.id, ...values })
        .returning({ id: entry.id, version: entry.version });
      return row!;
    });
    const after = vo(row.id, row.version);
    await keepHistory(tx, w, [{ entity: 'entry', entityId: row.id, before: null, after: entrySnapshot(after) }]);
    return { before: null, after, override: w.override };
  });
}

/** Change an entry's seed mark (optimistic lock on version). */
export async function updateEntry(
  db: Db,
  u: CurrentUser,
  id: number,
  body: EntryUpdateBody,
): Promise<Written<EntryVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWritingOfRecord(tx, u, entry, id, u.delegation?.id);
    const [row] = await tx
      .select({ e: entry, status: athlete.status, format: item.resultFormat })
      .from(entry)
      .innerJoin(athlete, eq(athlete.id, entry.athleteId))
      .innerJoin(groupItem, eq(groupItem.id, entry.groupItemId))
      .innerJoin(item, eq(item.id, groupItem.itemId))
      .where(eq(entry.id, id));
    if (!row) throw notFound();
    if (row.status === 'submitted') throw locked();
    if (row.e.version !== body.version) throw new AppError('A0409');
    const seed =
      body.seedMark === undefined
        ? row.e.seedMark === null
          ? null
          : { mark: row.e.seedMark, value: Number(row.e.seedValue) }
        : parseSeedMark(row.format, body.seedMark);
    const seedDate = body.seedDate === undefined ? row.e.seedDate : seedDateOf(body.seedDate);
    const before = (await entryVO(tx, id))!;
    const next = { seedMark: seed?.mark ?? null, seedValue: seed?.value ?? null, seedDate };
    if (next.seedMark === row.e.seedMark && next.seedDate === row.e.seedDate) {
      return { before, after: before, override: w.override };
    }
    await reauditAthletes(tx, w, [row.e.athleteId], async () => {
      await tx
        .update(entry)
        .set({
          ...next,
          status: row.status === 'approved' ? 'submitted' : row.e.status,
          ...nextVersion(entry),
        })
        .where(eq(entry.id, id));
    });
    const after = (await entryVO(tx, id))!;
    await keepHistory(tx, w, [
      { entity: 'entry', entityId: id, before: entrySnapshot(before), after: entrySnapshot(after) },
    ]);
    return { before, after, override: w.override };
  });
}

export async function deleteEntries(db: Db, u: CurrentUser, ids: number[]) {
  return inTransaction(db, async (tx) => {
    const ws = await requireWritingFor(tx, u, entry, ids);
    const rows = await tx
      .select({ id: entry.id, delegationId: entry.delegationId, athleteId: entry.athleteId, status: athlete.status })
      .from(entry)
      .innerJoin(athlete, eq(athlete.id, entry.athleteId))
      .where(inArray(entry.id, ids));
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.status === 'submitted')) throw locked();
    const before = (await selectEntries(tx, inArray(entry.id, ids))).map(toEntryVO);
    for (const w of ws.values()) {
      const mine = rows.filter((r) => r.delegationId === w.d.id);
      await reauditAthletes(
        tx,
        w,
        mine.map((r) => r.athleteId),
        async () => {
          await tx.delete(entry).where(
            inArray(
              entry.id,
              mine.map((r) => r.id),
            ),
          );
        },
      );
      await keepHistory(
        tx,
        w,
        before
          .filter((e) => mine.some((r) => r.id === e.id))
          .map((e) => ({ entity: 'entry' as const, entityId: e.id, before: entrySnapshot(e), after: null })),
      );
    }
    return { deleted: rows.length, before, override: [...ws.values()].some((w) => w.override) };
  });
}
