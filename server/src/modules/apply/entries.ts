import type {
  ApplyItemsQuery,
  ApplyItemsVO,
  EntryBody,
  EntryUpdateBody,
  EntryVO,
  RelayBody,
  RelayUpdateBody,
  RelayVO,
} from '@baton/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { athlete, entry, group, groupItem, item, relayMember, relayTeam } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isCalendarDate } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import {
  type Acting,
  delegationIdOf,
  keepHistory,
  requireActing,
  requireWriting,
  requireWritingFor,
  requireWritingOfRecord,
} from './access.js';
import { insertEntryWithHistory, readAndInsertEntry } from './entries-write.js';
import { reauditAthletes } from './history.js';
import { invalid, limitReached, locked, notEligible, today } from './rules.js';
import { parseSeedMark } from './seed-mark.js';
import { inTransaction, type Written } from './tx.js';
import {
  entrySnapshot,
  entryVO,
  relaySnapshot,
  relayVOs,
  selectEntries,
  selectRelays,
  toEntryVO,
  toRelayVO,
} from './views.js';

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

/** A group item of the meeting with its item, group and the delegation's limit. */
async function groupItemOf(tx: DbOrTx, a: Acting, groupItemId: number) {
  const [row] = await tx
    .select({ gi: groupItem, i: item, g: group })
    .from(groupItem)
    .innerJoin(item, eq(item.id, groupItem.itemId))
    .innerJoin(group, eq(group.id, groupItem.groupId))
    .where(and(eq(groupItem.id, groupItemId), eq(group.meetingId, a.m.id)));
  if (!row) throw invalid('groupItemId', '本赛事没有该项目', 'the event does not exist in this meeting');
  return { ...row, limit: row.gi.maxPerDelegation ?? a.m.maxEntriesPerItem };
}
type GroupItemInfo = Awaited<ReturnType<typeof groupItemOf>>;

const itemLabel = (x: { i: { name: string; nameEn: string }; g: { name: string; nameEn: string } }) => ({
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

// ─── Relay teams ─────────────────────────────────────────────────────────────────────────

type Member = { athleteId: number; leg: number | null };

/**
 * A relay team's members: the delegation's athletes of the event's group (another
 * delegation's athlete answers 404), each once; legs 1..team size, each once; alternates (no
 * leg) up to the event's number; no athlete in two teams of the event; relay places per
 * athlete within the meeting's limit. Athletes locked by submission cannot join or leave.
 */
async function checkMembers(tx: DbOrTx, w: Acting, x: GroupItemInfo, members: Member[], teamId: number | null) {
  const ids = members.map((m) => m.athleteId);
  if (new Set(ids).size !== ids.length) {
    throw invalid('members', '同一运动员在接力队中重复', 'an athlete is listed twice in the team');
  }
  const legs = members.map((m) => m.leg).filter((l): l is number => l !== null);
  const size = x.gi.relayTeamSize;
  const outOfRange = legs.find((l) => l < 1 || l > size);
  if (outOfRange !== undefined) {
    throw invalid('members', `棒次应为 1 至 ${size}`, `legs are numbered 1 to ${size}`);
  }
  if (new Set(legs).size !== legs.length) throw invalid('members', '棒次重复', 'a leg is given twice');
  const alternates = members.length - legs.length;
  if (alternates > x.gi.relayAlternates) {
    throw limitReached(
      'members',
      `每队最多 ${x.gi.relayAlternates} 名替补`,
      `a team may have at most ${x.gi.relayAlternates} alternates`,
    );
  }
  if (!ids.length) return [];
  const rows = await tx.select().from(athlete).where(inArray(athlete.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.delegationId !== w.d.id)) throw notFound();
  const label = itemLabel(x);
  for (const r of rows) {
    if (r.groupId !== x.gi.groupId) {
      throw notEligible(
        'members',
        `${r.name}不是${x.g.name}的运动员`,
        `${r.name} is not an athlete of ${x.g.nameEn || x.g.name}`,
      );
    }
  }
  const places = await tx
    .select({ athleteId: relayMember.athleteId, groupItemId: relayTeam.groupItemId, letter: relayTeam.letter })
    .from(relayMember)
    .innerJoin(relayTeam, eq(relayTeam.id, relayMember.relayTeamId))
    .where(and(inArray(relayMember.athleteId, ids), teamId ? ne(relayTeam.id, teamId) : undefined));
  const max = w.m.maxRelaysPerAthlete;
  for (const r of rows) {
    const held = places.filter((p) => p.athleteId === r.id);
    const here = held.find((p) => p.groupItemId === x.gi.id);
    if (here) {
      throw invalid(
        'members',
        `${r.name}已在${label.zh} ${here.letter} 队`,
        `${r.name} is already in team ${here.letter} of ${label.en}`,
      );
    }
    if (held.length >= max) {
      throw limitReached(
        'members',
        `${r.name}已报 ${held.length} 个接力项目，每名运动员最多 ${max} 个`,
        `${r.name} has ${held.length} relay places; an athlete may run at most ${max} relays`,
      );
    }
  }
  return rows;
}

export async function createRelay(db: Db, u: CurrentUser, body: RelayBody): Promise<Written<RelayVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWriting(tx, u, delegationIdOf(u, body.delegationId));
    const x = await groupItemOf(tx, w, body.groupItemId);
    const label = itemLabel(x);
    if (x.i.kind !== 'relay') throw invalid('groupItemId', `${label.zh}不是接力项目`, `${label.en} is not a relay`);
    const teams = await tx
      .select({ letter: relayTeam.letter })
      .from(relayTeam)
      .where(and(eq(relayTeam.delegationId, w.d.id), eq(relayTeam.groupItemId, x.gi.id)));
    if (teams.some((t) => t.letter === body.letter)) {
      throw invalid('letter', `${label.zh}已有 ${body.letter} 队`, `${label.en} already has a team ${body.letter}`);
    }
    if (teams.length >= x.limit) {
      throw limitReached(
        'groupItemId',
        `每个代表队${label.zh}最多报 ${x.limit} 支接力队，名额已满`,
        `a delegation may enter at most ${x.limit} teams in ${label.en}; the places are taken`,
      );
    }
    const rows = await checkMembers(tx, w, x, body.members, null);
    if (rows.some((r) => r.status === 'submitted')) throw locked();
    const seed = parseSeedMark(x.i.resultFormat, body.seedMark);
    const id = await reauditAthletes(
      tx,
      w,
      rows.map((r) => r.id),
      async () => {
        const [team] = await tx
          .insert(relayTeam)
          .values({
            meetingId: w.m.id,
            delegationId: w.d.id,
            groupItemId: x.gi.id,
            letter: body.letter,
            seedMark: seed?.mark ?? null,
            seedValue: seed?.value ?? null,
            status: 'draft',
          })
          .returning({ id: relayTeam.id });
        if (body.members.length) {
          await tx.insert(relayMember).values(body.members.map((m) => ({ relayTeamId: team!.id, ...m })));
        }
        return team!.id;
      },
    );
    const after = (await relayVOs(tx, [id])).get(id)!;
    await keepHistory(tx, w, [{ entity: 'relay', entityId: id, before: null, after: relaySnapshot(after) }]);
    return { before: null, after, override: w.override };
  });
}

/** Change a relay team's members and seed mark (optimistic lock on version). */
export async function updateRelay(
  db: Db,
  u: CurrentUser,
  id: number,
  body: RelayUpdateBody,
): Promise<Written<RelayVO>> {
  return inTransaction(db, async (tx) => {
    const w = await requireWritingOfRecord(tx, u, relayTeam, id, u.delegation?.id);
    const [team] = await tx.select().from(relayTeam).where(eq(relayTeam.id, id));
    if (!team) throw notFound();
    const x = await groupItemOf(tx, w, team.groupItemId);
    const old = await tx
      .select({ athleteId: relayMember.athleteId, leg: relayMember.leg, status: athlete.status })
      .from(relayMember)
      .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
      .where(eq(relayMember.relayTeamId, id));
    if (old.some((m) => m.status === 'submitted')) throw locked();
    if (team.version !== body.version) throw new AppError('A0409');
    const rows = await checkMembers(tx, w, x, body.members, id);
    if (rows.some((r) => r.status === 'submitted')) throw locked();
    const seed =
      body.seedMark === undefined
        ? team.seedMark === null
          ? null
          : { mark: team.seedMark, value: Number(team.seedValue) }
        : parseSeedMark(x.i.resultFormat, body.seedMark);
    const legOf = (list: Member[], athleteId: number) => list.find((m) => m.athleteId === athleteId)?.leg;
    const moved = [...old.map((m) => m.athleteId), ...body.members.map((m) => m.athleteId)].filter(
      (a) =>
        !old.some((m) => m.athleteId === a) ||
        !body.members.some((m) => m.athleteId === a) ||
        legOf(old, a) !== legOf(body.members, a),
    );
    const before = (await relayVOs(tx, [id])).get(id)!;
    if (!moved.length && (seed?.mark ?? null) === team.seedMark) return { before, after: before, override: w.override };
    await reauditAthletes(tx, w, moved, async () => {
      await tx
        .update(relayTeam)
        .set({
          seedMark: seed?.mark ?? null,
          seedValue: seed?.value ?? null,
          status: team.status === 'approved' ? 'submitted' : team.status,
          ...nextVersion(relayTeam),
        })
        .where(eq(relayTeam.id, id));
      await tx.delete(relayMember).where(eq(relayMember.relayTeamId, id));
      if (body.members.length) {
        await tx.insert(relayMember).values(body.members.map((m) => ({ relayTeamId: id, ...m })));
      }
    });
    const after = (await relayVOs(tx, [id])).get(id)!;
    await keepHistory(tx, w, [
      { entity: 'relay', entityId: id, before: relaySnapshot(before), after: relaySnapshot(after) },
    ]);
    return { before, after, override: w.override };
  });
}

export async function deleteRelays(db: Db, u: CurrentUser, ids: number[]) {
  return inTransaction(db, async (tx) => {
    const ws = await requireWritingFor(tx, u, relayTeam, ids);
    const rows = await tx
      .select({ id: relayTeam.id, delegationId: relayTeam.delegationId })
      .from(relayTeam)
      .where(inArray(relayTeam.id, ids));
    if (rows.length !== ids.length) throw notFound();
    const members = await tx
      .select({ teamId: relayMember.relayTeamId, athleteId: relayMember.athleteId, status: athlete.status })
      .from(relayMember)
      .innerJoin(athlete, eq(athlete.id, relayMember.athleteId))
      .where(inArray(relayMember.relayTeamId, ids));
    if (members.some((m) => m.status === 'submitted')) throw locked();
    const before = await relayVOs(tx, ids);
    for (const w of ws.values()) {
      const mine = rows.filter((r) => r.delegationId === w.d.id).map((r) => r.id);
      await reauditAthletes(
        tx,
        w,
        members.filter((m) => mine.includes(m.teamId)).map((m) => m.athleteId),
        async () => {
          await tx.delete(relayTeam).where(inArray(relayTeam.id, mine));
        },
      );
      await keepHistory(
        tx,
        w,
        mine.map((id) => ({
          entity: 'relay' as const,
          entityId: id,
          before: relaySnapshot(before.get(id)),
          after: null,
        })),
      );
    }
    return { deleted: rows.length, before: [...before.values()], override: [...ws.values()].some((w) => w.override) };
  });
}
