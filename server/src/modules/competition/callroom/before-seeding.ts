import type {
  CallRoomEntryVO,
  CallRoomRoundSummaryVO,
  CallRoomRoundVO,
  CheckInCounts,
  EventVO,
} from '@baton/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { compEntryCheckIn, compHeat, compRound } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { isoOrNull, rowsOf } from '../../../lib/sql.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireRound } from '../access.js';
import { ensureMeetingRounds } from '../bibs/schedule.js';
import { firstRoundCandidates, keyOf } from '../startlists/candidates.js';
import { loadEvent, loadMeetingEvents } from '../views.js';
import { asDate, callTimes, countsOfMarks, countsOfTotals, eventNames, NO_CHECK_INS } from './summaries.js';

/**
 * Check-in before seeding (检录后编排, issue 24). When the meeting chooses it
 * (`meet_meeting.call_room_before_seeding`), the call room lists the first rounds that have no
 * start list yet, by their time, with the entries of each (approved athletes, or relay teams);
 * officials mark them present, absent or late as they mark starts — by tap, typed bib or the
 * bib's QR code. Making the round's start list (alone or "Generate all") then leaves the absent
 * out of seeding — no heat, lane or order — and says how many (`absentOf`); an entry not marked
 * is seeded as usual; the other marks are copied onto the new start rows (`carryMarks`), so the
 * call room does not check them in twice. A mark is kept in `comp_entry_check_in` (round +
 * entry: there is no start row yet, and a start list made again deletes its rows), logged in
 * `comp_log` (action 'check-in', `beforeSeeding: true`) and announced to the staff, as the others.
 *
 * WA: "An athlete shall be excluded from participation in any event in which they are not
 * present in the Call Room(s) at the published time. They shall be shown in the results as DNS"
 * (as summarised by athleticsrulebook.com, "Failure to Report to the Call Room(s)"; the rule's
 * own text and number were not found in the stored copies). Before seeding, the absent have no
 * start row to carry that DNS: they are simply not seeded. Combined events are left to their own
 * rules (TR 39.10, abandonment: combined/service.ts) and are not listed.
 */

/** A first round with no heats yet, as the day's list needs it. */
export interface UnseededRound {
  roundId: number;
  groupItemId: number;
  roundName: CallRoomRoundSummaryVO['roundName'];
  startsAt: Date | null;
  event: EventVO;
}

/**
 * The first rounds of a meeting that have no start list yet (created as planned when missing,
 * as the timetable does), combined events aside, in start order (unscheduled last).
 */
export async function unseededFirstRounds(db: Db, meetingId: number): Promise<UnseededRound[]> {
  await ensureMeetingRounds(db, meetingId);
  const rows = await db
    .select({
      roundId: compRound.id,
      groupItemId: compRound.groupItemId,
      roundName: compRound.name,
      startsAt: compRound.scheduledAt,
    })
    .from(compRound)
    .where(
      and(
        eq(compRound.meetingId, meetingId),
        eq(compRound.index, 0),
        sql`not exists (select 1 from ${compHeat} where ${compHeat.roundId} = ${compRound.id})`,
      ),
    )
    .orderBy(sql`${compRound.scheduledAt} asc nulls last`, asc(compRound.groupItemId));
  const events = new Map((await loadMeetingEvents(db, meetingId)).map((e) => [e.groupItemId, e]));
  return rows.flatMap((r) => {
    const event = events.get(r.groupItemId);
    return event && event.kind !== 'combined' ? [{ ...r, startsAt: asDate(r.startsAt), event }] : [];
  });
}

/** Check-in counts over each round's approved entries (relay teams for relays), in one statement. */
export async function entryCounts(db: DbOrTx, roundIds: number[]): Promise<Map<number, CheckInCounts>> {
  const out = new Map<number, CheckInCounts>();
  if (!roundIds.length) return out;
  const ids = sql.join(
    roundIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: number; total: number; present: number; absent: number; late: number }>(
    db.execute(sql`
      select r.id, count(k.entry_id)::int + count(k.relay_team_id)::int as total,
        count(c.id) filter (where c.state = 'present')::int as present,
        count(c.id) filter (where c.state = 'absent')::int as absent,
        count(c.id) filter (where c.state = 'late')::int as late
      from comp_round r
        join meet_group_item gi on gi.id = r.group_item_id
        join base_item i on i.id = gi.item_id
        join lateral (
          select e.id as entry_id, null::int as relay_team_id from reg_entry e
            where e.group_item_id = r.group_item_id and e.status = 'approved' and i.kind <> 'relay'
          union all
          select null::int, t.id from reg_relay_team t
            where t.group_item_id = r.group_item_id and t.status = 'approved' and i.kind = 'relay'
        ) k on true
        left join comp_entry_check_in c on c.round_id = r.id
          and (c.entry_id = k.entry_id or c.relay_team_id = k.relay_team_id)
      where r.id in (${ids})
      group by r.id`),
  );
  for (const r of rows) out.set(Number(r.id), countsOfTotals(r));
  return out;
}

export function roundSummaryOf(
  r: UnseededRound,
  lead: number,
  counts: CheckInCounts | undefined,
): CallRoomRoundSummaryVO {
  return {
    roundId: r.roundId,
    groupItemId: r.groupItemId,
    ...eventNames(r.event),
    roundName: r.roundName,
    ...callTimes(r.startsAt, lead),
    counts: counts ?? NO_CHECK_INS,
  };
}

/** By bib (numbers in number order), entries without a bib last by name: how a call-room list is read. */
const byBib = (a: CallRoomEntryVO, b: CallRoomEntryVO) =>
  (a.bib === null ? 1 : 0) - (b.bib === null ? 1 : 0) ||
  (a.bib ?? '').localeCompare(b.bib ?? '', undefined, { numeric: true }) ||
  a.name.localeCompare(b.name);

/** A round as the call room checks it in before seeding: its entries with their marks. */
export async function entryRoundVO(
  db: DbOrTx,
  roundId: number,
  m: { callRoomLead: number; callRoomBeforeSeeding: boolean },
): Promise<CallRoomRoundVO> {
  const [round] = await db.select().from(compRound).where(eq(compRound.id, roundId));
  const event = round ? await loadEvent(db, round.groupItemId) : null;
  if (!round || !event) throw notFound();
  const [heat] = await db.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.roundId, roundId)).limit(1);
  const seeded = heat !== undefined;
  const candidates =
    (await firstRoundCandidates(db, [round.groupItemId], event.kind === 'relay')).get(round.groupItemId) ?? [];
  const marks = await db.select().from(compEntryCheckIn).where(eq(compEntryCheckIn.roundId, roundId));
  const markOf = new Map(marks.map((c) => [keyOf(c), c]));
  const entries = candidates
    .map((c): CallRoomEntryVO => {
      const mark = markOf.get(keyOf(c));
      return {
        entryId: c.entryId,
        relayTeamId: c.relayTeamId,
        athleteId: c.athleteId,
        bib: c.shown.bib,
        name: c.shown.name,
        nameEn: c.shown.nameEn,
        delegationName: c.shown.delegationName,
        members: c.shown.members,
        checkIn: mark?.state ?? null,
        checkedAt: isoOrNull(mark?.at ?? null),
      };
    })
    .sort(byBib);
  const counts = countsOfMarks(entries);
  const facts: UnseededRound = {
    roundId,
    groupItemId: round.groupItemId,
    roundName: round.name,
    startsAt: asDate(round.scheduledAt),
    event,
  };
  return {
    ...roundSummaryOf(facts, m.callRoomLead, counts),
    open: m.callRoomBeforeSeeding && round.index === 0 && !seeded && event.kind !== 'combined',
    seeded,
    entries,
  };
}

/** One round of the call room before seeding. */
export async function callRoomRound(db: DbOrTx, u: CurrentUser, roundId: number): Promise<CallRoomRoundVO> {
  const { meeting: m } = await requireRound(db, u, roundId, 'callroom');
  return entryRoundVO(db, roundId, m);
}

/* ---------------------------------------------------------------------------------------------
 * Seeding (startlists/generate.ts)
 */

/** The entries (`keyOf`) marked absent before seeding, of each of these rounds (one statement). */
export async function absentOf(tx: DbOrTx, roundIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>(roundIds.map((id) => [id, new Set()]));
  if (!roundIds.length) return out;
  const rows = await tx
    .select({
      roundId: compEntryCheckIn.roundId,
      entryId: compEntryCheckIn.entryId,
      relayTeamId: compEntryCheckIn.relayTeamId,
    })
    .from(compEntryCheckIn)
    .where(and(inArray(compEntryCheckIn.roundId, roundIds), eq(compEntryCheckIn.state, 'absent')));
  for (const r of rows) out.get(r.roundId)?.add(keyOf(r));
  return out;
}

/**
 * The marks made before seeding (present, late) copied onto the start rows just written for
 * these rounds, in one statement: the heats show those athletes checked in already. An
 * absence has no start row (it was not seeded).
 */
export async function carryMarks(tx: Tx, roundIds: number[]): Promise<void> {
  if (!roundIds.length) return;
  const ids = sql.join(
    roundIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into comp_check_in (start_id, meeting_id, state, dns_version, user_id, at)
    select s.id, s.meeting_id, c.state, null, c.user_id, c.at
    from comp_start s
      join comp_entry_check_in c on c.round_id = s.round_id
        and (c.entry_id = s.entry_id or c.relay_team_id = s.relay_team_id)
    where s.round_id in (${ids}) and c.state <> 'absent'
    on conflict (start_id) do nothing`);
}
