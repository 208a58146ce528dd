import {
  type CallRoomHeatSummaryVO,
  type CallRoomHeatVO,
  type CallRoomQuery,
  type CallRoomStartVO,
  type CallRoomVO,
  type CheckInCounts,
  type EventVO,
  type HeatStatus,
  type RoundName,
  type RoundVO,
  zonedDay,
} from '@baton/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compCheckIn, compHeat, compRound, compStart } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { isoOrNull } from '../../../lib/sql.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { roundEvent } from '../combined/plan.js';
import { loadMeetingEvents, loadRound } from '../views.js';
import { entryCounts, roundSummaryOf, type UnseededRound, unseededFirstRounds } from './before-seeding.js';
import { redrawStateOf } from './redraw-state.js';
import { asDate, callTimes, countsOfMarks, countsOfTotals, eventNames, NO_CHECK_INS } from './summaries.js';

/**
 * The call room (检录, issue 24). Athletes report a set time before their start (the meeting's
 * lead, `meet_meeting.call_room_lead`, 30 minutes unless the committee changes it); a call-room
 * official marks each start present, absent or late, by tapping it or by its bib (typed, or read
 * from the bib's QR code). An absence puts DNS on the start row before the start list goes to the
 * starter; marking the athlete present again takes that DNS back — only while nobody has touched
 * the start row since (its version is the one the call room wrote), so a DNS results entry wrote
 * or saved is never taken back. Heats whose results are official take no marks; a start with a
 * result cannot be marked absent.
 *
 * Access: need 'callroom' (access.ts): the managers and the meeting's call-room officials. Every
 * change is one transaction with its comp_log row, announced after the commit (publish.ts): to
 * the public when it changed a DNS on a published start list, else to the meeting's staff.
 *
 * Here: the heats to call, and one heat with its starts and their marks. The meetings and the
 * settings: settings.ts; marking a start: marks.ts.
 */

/** Whether a round's athletes have lanes (as its start list prints them: documents/service.ts). */
const inLanes = (r: Pick<RoundVO, 'start' | 'event'>) =>
  r.start === 'two-per-lane' || (r.start === 'lanes' && r.event.usesLanes);

/** What the list's day is read from, for a heat or a first round still to seed: its start. */
type HeatFacts = { startsAt: Date | null };

/** A heat as the list shows it. */
interface HeatRow extends HeatFacts {
  heatId: number;
  roundId: number;
  groupItemId: number;
  discipline: string | null;
  roundName: RoundName;
  heatNumber: number;
  heatCount: number;
  status: HeatStatus;
}

/** A first round with no start list yet, listed beside the heats when the meeting checks in before seeding. */
interface FirstRoundRow {
  startsAt: Date | string | null;
  heatCount: number;
  unseeded: UnseededRound;
}

function summaryOf(h: HeatRow, event: EventVO, lead: number, counts: CheckInCounts): CallRoomHeatSummaryVO {
  return {
    heatId: h.heatId,
    roundId: h.roundId,
    groupItemId: h.groupItemId,
    ...eventNames(roundEvent(event, h.discipline)),
    roundName: h.roundName,
    heatNumber: h.heatNumber,
    heatCount: h.heatCount,
    status: h.status,
    ...callTimes(h.startsAt, lead),
    counts,
  };
}

const heatColumns = {
  heatId: compHeat.id,
  roundId: compRound.id,
  groupItemId: compRound.groupItemId,
  discipline: compRound.discipline,
  roundName: compRound.name,
  heatNumber: compHeat.number,
  heatCount: sql<number>`(select count(*)::int from comp_heat x where x.round_id = ${compRound.id})`,
  status: compHeat.status,
  startsAt: sql<Date | null>`coalesce(${compHeat.scheduledAt}, ${compRound.scheduledAt})`,
};

/** Check-in counts per heat (one statement for any number of heats). */
async function countsOf(db: DbOrTx, heatIds: number[]): Promise<Map<number, CheckInCounts>> {
  const out = new Map<number, CheckInCounts>();
  if (!heatIds.length) return out;
  const rows = await db
    .select({
      heatId: compStart.heatId,
      total: sql<number>`count(*)::int`,
      present: sql<number>`count(*) filter (where ${compCheckIn.state} = 'present')::int`,
      absent: sql<number>`count(*) filter (where ${compCheckIn.state} = 'absent')::int`,
      late: sql<number>`count(*) filter (where ${compCheckIn.state} = 'late')::int`,
    })
    .from(compStart)
    .leftJoin(compCheckIn, eq(compCheckIn.startId, compStart.id))
    .where(inArray(compStart.heatId, heatIds))
    .groupBy(compStart.heatId);
  for (const r of rows) out.set(r.heatId, countsOfTotals(r));
  return out;
}

/**
 * The heats of a meeting in start order, with their call times and check-in counts: those of the
 * day asked for (by default today's, else the first day with heats still to run) and the heats
 * not scheduled at all, last; official heats only with `all`. When the meeting checks in before
 * seeding, the first rounds with no start list yet are listed too, by the same days.
 */
export async function callRoomList(db: Db, u: CurrentUser, meetingId: number, q: CallRoomQuery): Promise<CallRoomVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'callroom');
  const firsts: FirstRoundRow[] = m.callRoomBeforeSeeding
    ? (await unseededFirstRounds(db, meetingId)).map((r) => ({ startsAt: r.startsAt, heatCount: 0, unseeded: r }))
    : [];
  const heatRows = await db
    .select(heatColumns)
    .from(compHeat)
    .innerJoin(compRound, eq(compRound.id, compHeat.roundId))
    .where(and(eq(compHeat.meetingId, meetingId), q.all ? undefined : ne(compHeat.status, 'official')))
    .orderBy(
      sql`coalesce(${compHeat.scheduledAt}, ${compRound.scheduledAt}) asc nulls last`,
      asc(compRound.groupItemId),
      asc(compRound.index),
      asc(compHeat.number),
    );
  const rows: (FirstRoundRow | (typeof heatRows)[number])[] = [...heatRows, ...firsts];
  const heats = rows.map((r) => ({ ...r, startsAt: asDate(r.startsAt), heatCount: Number(r.heatCount) }));
  const dayOf = (h: HeatFacts) => (h.startsAt ? zonedDay(h.startsAt, m.timeZone) : null);
  const days = [...new Set(heats.map(dayOf).filter((d): d is string => d !== null))].sort();
  const today = zonedDay(new Date(), m.timeZone);
  const day = q.day ?? (days.includes(today) ? today : (days.find((d) => d >= today) ?? days[0] ?? null));
  const shown = heats.filter((h) => {
    const d = dayOf(h);
    return d === null || d === day;
  });
  const shownHeats = shown.filter((h): h is HeatRow & { heatCount: number } => !('unseeded' in h));
  const shownRounds = shown.flatMap((h) => ('unseeded' in h ? [h.unseeded] : []));
  const events = new Map((await loadMeetingEvents(db, meetingId)).map((e) => [e.groupItemId, e]));
  const counts = await countsOf(
    db,
    shownHeats.map((h) => h.heatId),
  );
  const entries = await entryCounts(
    db,
    shownRounds.map((r) => r.roundId),
  );
  return {
    meetingId,
    leadMinutes: m.callRoomLead,
    beforeSeeding: m.callRoomBeforeSeeding,
    days,
    day,
    heats: shownHeats
      .filter((h) => events.has(h.groupItemId))
      .map((h) => summaryOf(h, events.get(h.groupItemId)!, m.callRoomLead, counts.get(h.heatId) ?? NO_CHECK_INS)),
    rounds: shownRounds.map((r) => roundSummaryOf(r, m.callRoomLead, entries.get(r.roundId))),
  };
}

/** The heat with its round and meeting, checked for the call room; 404 when unknown or out of reach. */
export async function requireHeat(db: DbOrTx, u: CurrentUser, heatId: number) {
  const [row] = await db
    .select({ heat: compHeat, round: compRound })
    .from(compHeat)
    .innerJoin(compRound, eq(compRound.id, compHeat.roundId))
    .where(eq(compHeat.id, heatId));
  if (!row) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, row.heat.meetingId, 'callroom');
  return { ...row, meeting: m };
}

/** A heat's start rows with their check-in, as the call room shows them. */
export async function heatVO(db: DbOrTx, heatId: number, lead: number): Promise<CallRoomHeatVO> {
  const [h] = await db.select({ roundId: compHeat.roundId }).from(compHeat).where(eq(compHeat.id, heatId));
  const round = h ? await loadRound(db, h.roundId) : null;
  const heat = round?.heats.find((x) => x.id === heatId);
  if (!round || !heat) throw notFound();
  const ids = heat.starts.map((s) => s.id);
  const marks = ids.length ? await db.select().from(compCheckIn).where(inArray(compCheckIn.startId, ids)) : [];
  const markOf = new Map(marks.map((c) => [c.startId, c]));
  const starts: CallRoomStartVO[] = heat.starts.map((s) => {
    const c = markOf.get(s.id);
    return {
      startId: s.id,
      lane: s.lane,
      position: s.position,
      bib: s.bib,
      athleteId: s.athleteId,
      relayTeamId: s.relayTeamId,
      name: s.name,
      nameEn: s.nameEn,
      delegationName: s.delegationName,
      members: s.members,
      code: s.code,
      checkIn: c?.state ?? null,
      checkedAt: isoOrNull(c?.at ?? null),
      callRoomDns: s.code === 'DNS' && c?.dnsVersion != null && c.dnsVersion === s.version,
      hasResult: s.mark !== null || s.value !== null || s.trials.length > 0 || (s.code !== null && s.code !== 'DNS'),
    };
  });
  const counts = countsOfMarks(starts);
  const facts: HeatRow = {
    heatId,
    roundId: round.id,
    groupItemId: round.groupItemId,
    // `round.event` is already the discipline's: summaryOf must not apply it twice.
    discipline: null,
    roundName: round.name,
    heatNumber: heat.number,
    heatCount: round.heats.length,
    status: heat.status,
    startsAt: asDate(heat.scheduledAt ?? round.scheduledAt),
  };
  return {
    ...summaryOf(facts, round.event, lead, counts),
    version: heat.version,
    lanes: inLanes(round),
    redraw: redrawStateOf(round, heat),
    starts,
  };
}

/** One heat of the call room. */
export async function callRoomHeat(db: DbOrTx, u: CurrentUser, heatId: number): Promise<CallRoomHeatVO> {
  const { meeting: m } = await requireHeat(db, u, heatId);
  return heatVO(db, heatId, m.callRoomLead);
}
