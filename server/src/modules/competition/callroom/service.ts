import {
  athleteOfBibCode,
  type CallRoomHeatSummaryVO,
  type CallRoomHeatVO,
  type CallRoomMeetingVO,
  type CallRoomQuery,
  type CallRoomStartVO,
  type CallRoomVO,
  type CheckInAnswer,
  type CheckInCounts,
  type CheckInDns,
  type CheckInState,
  type EventVO,
  type HeatStatus,
  type RoundName,
  type RoundVO,
  USER_TYPE,
  zonedDay,
} from '@baton/contracts';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import {
  athlete,
  compCheckIn,
  compHeat,
  compLog,
  compRound,
  compStart,
  compTrial,
  meeting,
  meetingOfficial,
  relayMember,
} from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { isoOrNull } from '../../../lib/sql.js';
import { nextVersion } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { meetingScope } from '../../meetings/access.js';
import { requireCompetition } from '../access.js';
import { roundEvent } from '../combined/plan.js';
import { announce } from '../publish.js';
import { loadMeetingEvents, loadRound } from '../views.js';
import { entryCounts, roundSummaryOf, type UnseededRound, unseededFirstRounds } from './before-seeding.js';
import { redrawStateOf } from './redraw-state.js';
import { BIB, type CallRoomDeps, type CheckInVia, conflict } from './shared.js';

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
 */

/** Whether a round's athletes have lanes (as its start list prints them: documents/service.ts). */
const inLanes = (r: Pick<RoundVO, 'start' | 'event'>) =>
  r.start === 'two-per-lane' || (r.start === 'lanes' && r.event.usesLanes);

const minutes = (n: number) => n * 60_000;

/* ---------------------------------------------------------------------------------------------
 * Meetings and settings
 */

const meetingColumns = {
  id: meeting.id,
  name: meeting.name,
  nameEn: meeting.nameEn,
  code: meeting.code,
  startDate: meeting.startDate,
  endDate: meeting.endDate,
  timeZone: meeting.timeZone,
  leadMinutes: meeting.callRoomLead,
  beforeSeeding: meeting.callRoomBeforeSeeding,
};

/** The meetings the caller does call-room work in, newest first (managers: theirs; officials: their duty's). */
export async function callRoomMeetings(db: DbOrTx, u: CurrentUser): Promise<CallRoomMeetingVO[]> {
  const order = [sql`${meeting.startDate} desc`, asc(meeting.id)];
  if (u.userType === USER_TYPE.REFEREE && !u.isRoot) {
    const rows = await db
      .select(meetingColumns)
      .from(meetingOfficial)
      .innerJoin(meeting, eq(meeting.id, meetingOfficial.meetingId))
      .where(and(eq(meetingOfficial.userId, u.id), eq(meetingOfficial.duty, 'call-room')))
      .orderBy(...order);
    return rows.map((r) => ({ ...r, manage: false }));
  }
  // Area users view a meeting but do no call-room work (the 'callroom' need is not theirs).
  if (u.delegation) return [];
  const scope = await meetingScope(db, u);
  if (!scope.all && !scope.manageIds.size) return [];
  const rows = await db
    .select(meetingColumns)
    .from(meeting)
    .where(scope.all ? undefined : inArray(meeting.id, [...scope.manageIds]))
    .orderBy(...order);
  return rows.map((r) => ({ ...r, manage: true }));
}

/**
 * The managers' call-room settings: how long before its start a heat is called, and whether first
 * rounds are checked in before seeding (检录后编排, before-seeding.ts). Each change is logged.
 */
export async function setCallRoomSettings(
  db: Db,
  u: CurrentUser,
  meetingId: number,
  body: { leadMinutes?: number; beforeSeeding?: boolean },
) {
  return db.transaction(async (tx) => {
    const { meeting: m } = await requireCompetition(tx, u, meetingId, 'manage');
    const leadMinutes = body.leadMinutes ?? m.callRoomLead;
    const beforeSeeding = body.beforeSeeding ?? m.callRoomBeforeSeeding;
    await tx
      .update(meeting)
      .set({ callRoomLead: leadMinutes, callRoomBeforeSeeding: beforeSeeding })
      .where(eq(meeting.id, meetingId));
    const logs = [
      leadMinutes !== m.callRoomLead && { action: 'call-room-lead', detail: { from: m.callRoomLead, to: leadMinutes } },
      beforeSeeding !== m.callRoomBeforeSeeding && {
        action: 'call-room-before-seeding',
        detail: { from: m.callRoomBeforeSeeding, to: beforeSeeding },
      },
    ].filter((l) => l !== false);
    if (logs.length) await tx.insert(compLog).values(logs.map((l) => ({ meetingId, ...l, userId: u.id })));
    const vo: CallRoomMeetingVO = {
      id: m.id,
      name: m.name,
      nameEn: m.nameEn,
      code: m.code,
      startDate: m.startDate,
      endDate: m.endDate,
      timeZone: m.timeZone,
      leadMinutes,
      beforeSeeding,
      manage: true,
    };
    return { before: { leadMinutes: m.callRoomLead, beforeSeeding: m.callRoomBeforeSeeding }, after: vo };
  });
}

/* ---------------------------------------------------------------------------------------------
 * The heats to call
 */

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
  const e = roundEvent(event, h.discipline);
  return {
    heatId: h.heatId,
    roundId: h.roundId,
    groupItemId: h.groupItemId,
    groupName: e.groupName,
    groupNameEn: e.groupNameEn,
    itemCode: e.itemCode,
    itemName: e.itemName,
    itemNameEn: e.itemNameEn,
    kind: e.kind,
    roundName: h.roundName,
    heatNumber: h.heatNumber,
    heatCount: h.heatCount,
    status: h.status,
    startsAt: isoOrNull(h.startsAt),
    callAt: h.startsAt ? new Date(h.startsAt.getTime() - minutes(lead)).toISOString() : null,
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
  for (const r of rows) {
    const [total, present, absent, late] = [r.total, r.present, r.absent, r.late].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    out.set(r.heatId, { total, present, absent, late, unmarked: total - present - absent - late });
  }
  return out;
}

const NO_STARTS: CheckInCounts = { total: 0, present: 0, absent: 0, late: 0, unmarked: 0 };

/** A driver's timestamp (PGlite and node-postgres answer a raw `coalesce` differently). */
const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

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
      .map((h) => summaryOf(h, events.get(h.groupItemId)!, m.callRoomLead, counts.get(h.heatId) ?? NO_STARTS)),
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
  const counts: CheckInCounts = {
    total: starts.length,
    present: starts.filter((s) => s.checkIn === 'present').length,
    absent: starts.filter((s) => s.checkIn === 'absent').length,
    late: starts.filter((s) => s.checkIn === 'late').length,
    unmarked: starts.filter((s) => s.checkIn === null).length,
  };
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

/* ---------------------------------------------------------------------------------------------
 * Marks
 */

interface Marked {
  meetingId: number;
  groupItemId: number;
  roundId: number;
  heatId: number;
  heatStatus: HeatStatus;
  lead: number;
  state: CheckInState | null;
  dns: CheckInDns | null;
  changed: boolean;
}

/** Mark one start inside a transaction (access checked by the caller's `requireCompetition`). */
async function markIn(tx: DbOrTx, u: CurrentUser, startId: number, state: CheckInState | null, via: CheckInVia) {
  const [row] = await tx
    .select({ start: compStart, heat: compHeat, round: compRound })
    .from(compStart)
    .innerJoin(compHeat, eq(compHeat.id, compStart.heatId))
    .innerJoin(compRound, eq(compRound.id, compStart.roundId))
    .where(eq(compStart.id, startId))
    .for('update', { of: compStart });
  if (!row) throw notFound();
  const { meeting: m } = await requireCompetition(tx, u, row.start.meetingId, 'callroom');
  const { start: s, heat } = row;
  const label = {
    zh: s.lane !== null ? `第 ${s.lane} 道` : `第 ${s.position} 位`,
    en: s.lane !== null ? `lane ${s.lane}` : `position ${s.position}`,
  };
  if (heat.status === 'official') {
    throw conflict('本组成绩已生效，不能再检录', 'The results of this heat are official: no more check-in marks');
  }
  const [before] = await tx.select().from(compCheckIn).where(eq(compCheckIn.startId, startId));
  const [trial] = await tx.select({ id: compTrial.id }).from(compTrial).where(eq(compTrial.startId, startId)).limit(1);
  const hasResult = s.mark !== null || s.value !== null || trial !== undefined || (s.code !== null && s.code !== 'DNS');
  // The DNS the call room wrote is still its own while the start row is as the call room left it.
  const ownDns = s.code === 'DNS' && before?.dnsVersion != null && before.dnsVersion === s.version;

  let dns: CheckInDns | null = null;
  let dnsVersion: number | null = null;
  if (state === 'absent') {
    if (hasResult) {
      throw conflict(
        `${label.zh}已有成绩，不能记为缺席`,
        `${label.en} has a result already: it cannot be marked absent`,
      );
    }
    if (s.code === null) {
      const [saved] = await tx
        .update(compStart)
        .set({ code: 'DNS', dqRule: null, ...nextVersion(compStart) })
        .where(eq(compStart.id, startId))
        .returning({ version: compStart.version });
      dnsVersion = saved!.version;
      dns = 'set';
    } else {
      // DNS already: the call room's own stays its own; one results entry wrote stays theirs.
      dnsVersion = ownDns ? s.version : null;
    }
  } else if (s.code === 'DNS') {
    if (ownDns) {
      await tx
        .update(compStart)
        .set({ code: null, ...nextVersion(compStart) })
        .where(eq(compStart.id, startId));
      dns = 'cleared';
    } else if (state !== null || before) {
      dns = 'kept';
    }
  }

  const from = before?.state ?? null;
  const changed = from !== state || dns === 'set' || dns === 'cleared';
  if (state === null) {
    if (before) await tx.delete(compCheckIn).where(eq(compCheckIn.startId, startId));
  } else {
    const values = { startId, meetingId: s.meetingId, state, dnsVersion, userId: u.id, at: new Date() };
    await tx
      .insert(compCheckIn)
      .values(values)
      .onConflictDoUpdate({ target: compCheckIn.startId, set: { state, dnsVersion, userId: u.id, at: values.at } });
  }
  if (changed) {
    await tx.insert(compLog).values({
      meetingId: s.meetingId,
      roundId: s.roundId,
      heatId: s.heatId,
      action: 'check-in',
      detail: { startId, athleteId: s.athleteId, relayTeamId: s.relayTeamId, from, to: state, dns, via },
      userId: u.id,
    });
  }
  const marked: Marked = {
    meetingId: s.meetingId,
    groupItemId: row.round.groupItemId,
    roundId: s.roundId,
    heatId: s.heatId,
    heatStatus: heat.status,
    lead: m.callRoomLead,
    state,
    dns,
    changed,
  };
  return marked;
}

/** After the commit: tell results entry, the other call-room devices and (a DNS on a published list) the public. */
async function answerMark(deps: CallRoomDeps, startId: number, marked: Marked): Promise<CheckInAnswer> {
  if (marked.changed) {
    const dnsChanged = marked.dns === 'set' || marked.dns === 'cleared';
    await announce(
      deps.hub,
      {
        meetingId: marked.meetingId,
        groupItemId: marked.groupItemId,
        roundId: marked.roundId,
        heatId: marked.heatId,
        change: 'checkin',
      },
      dnsChanged && marked.heatStatus !== 'draft',
    );
  }
  return {
    startId,
    state: marked.state,
    dns: marked.dns,
    heat: await heatVO(deps.db, marked.heatId, marked.lead),
  };
}

/** Mark a start present, absent or late (null: take the mark back). */
export async function checkInStart(
  deps: CallRoomDeps,
  u: CurrentUser,
  startId: number,
  state: CheckInState | null,
): Promise<CheckInAnswer> {
  const marked = await deps.db.transaction((tx) => markIn(tx, u, startId, state, 'tap'));
  return answerMark(deps, startId, marked);
}

/**
 * Mark the athlete of a bib in a heat or in any heat of a round: `code` is the bib number, or
 * what the bib's QR code reads (the athlete's public page). A relay team is found by any of its
 * runners' bibs.
 */
export async function checkInByCode(
  deps: CallRoomDeps,
  u: CurrentUser,
  scope: { heatId: number } | { roundId: number },
  code: string,
  state: CheckInState,
): Promise<CheckInAnswer> {
  const marked = await deps.db.transaction(async (tx) => {
    let meetingId: number;
    let heatIds: number[];
    if ('heatId' in scope) {
      const { heat } = await requireHeat(tx, u, scope.heatId);
      meetingId = heat.meetingId;
      heatIds = [heat.id];
    } else {
      const [r] = await tx.select().from(compRound).where(eq(compRound.id, scope.roundId));
      if (!r) throw notFound();
      await requireCompetition(tx, u, r.meetingId, 'callroom');
      meetingId = r.meetingId;
      heatIds = (await tx.select({ id: compHeat.id }).from(compHeat).where(eq(compHeat.roundId, r.id))).map(
        (h) => h.id,
      );
    }
    const where = 'heatId' in scope ? { zh: '本组', en: 'this heat' } : { zh: '本赛次', en: 'this round' };
    const fromQr = athleteOfBibCode(code);
    const typed = code.trim();
    let athletes: number[];
    if (fromQr !== null) {
      athletes = [fromQr];
    } else if (BIB.test(typed)) {
      const found = await tx
        .select({ id: athlete.id })
        .from(athlete)
        .where(and(eq(athlete.meetingId, meetingId), eq(athlete.bib, typed)));
      athletes = found.map((a) => a.id);
    } else {
      throw badInput(
        `“${typed.slice(0, 40)}”不是号码，也不是号码布的二维码`,
        `"${typed.slice(0, 40)}" is neither a bib nor a bib's QR code`,
      );
    }
    const what =
      fromQr !== null ? { zh: '扫描的运动员', en: 'The athlete scanned' } : { zh: `${typed} 号`, en: `Bib ${typed}` };
    const notHere = () => badInput(`${what.zh}不在${where.zh}`, `${what.en} is not in ${where.en}`);
    if (!athletes.length || !heatIds.length) throw notHere();
    const inRelay: SQL = sql`exists (select 1 from ${relayMember} where ${relayMember.relayTeamId} = ${compStart.relayTeamId} and ${inArray(relayMember.athleteId, athletes)})`;
    const starts = await tx
      .select({ id: compStart.id })
      .from(compStart)
      .where(and(inArray(compStart.heatId, heatIds), or(inArray(compStart.athleteId, athletes), inRelay)))
      .orderBy(asc(compStart.id));
    if (!starts.length) throw notHere();
    if (starts.length > 1) {
      throw badInput(
        `${what.zh}在${where.zh}有 ${starts.length} 个出发位置，请逐个点选`,
        `${what.en} has ${starts.length} starts in ${where.en}: tap the one meant`,
      );
    }
    const startId = starts[0]!.id;
    return { startId, marked: await markIn(tx, u, startId, state, fromQr !== null ? 'scan' : 'bib') };
  });
  return answerMark(deps, marked.startId, marked.marked);
}
