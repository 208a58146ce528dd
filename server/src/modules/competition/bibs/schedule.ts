import {
  type RoundScheduleBody,
  type RoundScheduleVO,
  type SessionBody,
  type SessionUpdateBody,
  type SessionVO,
  type TimetableRoundVO,
  type TimetableVO,
  zonedDay,
  zonedInstant,
} from '@baton/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { compLog, compRound, compSession } from '../../../db/schema/index.js';
import { AppError, badInput, notFound } from '../../../lib/errors.js';
import { iso, isoOrNull, rowsOf } from '../../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../../lib/versioned.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import type { MeetingRow } from '../../meetings/access.js';
import { requireCompetition, requireRound } from '../access.js';
import { roundEvent } from '../combined/plan.js';
import { ensureRoundsOf } from '../rounds.js';
import { loadEvents } from '../views.js';

/**
 * The competition schedule (issue 6): sessions (a morning or an afternoon of one day) and the
 * timetable of every planned round. Times are instants; days are calendar days on the
 * meeting's clock (`meet_meeting.time_zone`).
 *
 * Rules: a session lies within the meeting's days and ends after it starts; a round with a
 * session starts inside it; the rounds of an event follow each other (WA TR 20 — a later
 * round is drawn from the results of the earlier one, so it cannot start before it).
 */

type SessionRow = typeof compSession.$inferSelect;

const ROUND_ZH = { heats: '预赛', semi: '半决赛', final: '决赛', qualification: '及格赛' } as const;
const ROUND_EN = { heats: 'heats', semi: 'semi-final', final: 'final', qualification: 'qualification' } as const;

/** A parsed instant, or a clear error (the route schema has checked the shape only). */
function instant(text: string, field: string): Date {
  const d = new Date(text);
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 2000 || year > 2100)
    throw badInput(`${field} 不是有效的时间：${text}`, `${field} is not a valid time: ${text}`);
  return d;
}

function withinMeeting(m: MeetingRow, at: Date, what: { zh: string; en: string }) {
  const day = zonedDay(at, m.timeZone);
  if (day < m.startDate || day > m.endDate)
    throw badInput(
      `${what.zh}（${day}）不在赛事日期 ${m.startDate} 至 ${m.endDate} 之内`,
      `${what.en} (${day}) is outside the meeting's days ${m.startDate} to ${m.endDate}`,
    );
}

/** The end of a session: its own, or the end of its day on the meeting's clock. */
function sessionEnd(s: Pick<SessionRow, 'day' | 'endsAt'>, timeZone: string): Date {
  if (s.endsAt) return s.endsAt;
  // The last instant of the day: one before the next day's midnight on the meeting's clock.
  const next = new Date(`${s.day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(Date.parse(zonedInstant(next.toISOString().slice(0, 10), '00:00', timeZone)) - 1);
}

const toSessionVO = (s: SessionRow, rounds: number): SessionVO => ({
  id: s.id,
  version: s.version,
  meetingId: s.meetingId,
  name: s.name,
  nameEn: s.nameEn,
  day: s.day,
  startsAt: iso(s.startsAt),
  endsAt: isoOrNull(s.endsAt),
  sort: s.sort,
  rounds,
});

async function sessionsOf(db: DbOrTx, meetingId: number): Promise<SessionVO[]> {
  const rows = await db
    .select({
      s: compSession,
      // Qualified by hand: drizzle writes a column of the selected table unqualified ("id"), which
      // inside the subquery would be the round's own id.
      rounds: sql<number>`(select count(*)::int from comp_round r where r.session_id = "comp_session"."id")`,
    })
    .from(compSession)
    .where(eq(compSession.meetingId, meetingId))
    .orderBy(asc(compSession.startsAt), asc(compSession.sort), asc(compSession.id));
  return rows.map((r) => toSessionVO(r.s, Number(r.rounds)));
}

export async function listSessions(db: Db, u: CurrentUser, meetingId: number): Promise<SessionVO[]> {
  await requireCompetition(db, u, meetingId, 'view');
  return sessionsOf(db, meetingId);
}

/** The checked values of a session form. */
function sessionValues(m: MeetingRow, body: SessionBody) {
  const startsAt = instant(body.startsAt, 'startsAt');
  const endsAt = body.endsAt ? instant(body.endsAt, 'endsAt') : null;
  withinMeeting(m, startsAt, { zh: '单元开始时间', en: 'the session start' });
  if (endsAt && endsAt <= startsAt)
    throw badInput('单元结束时间必须晚于开始时间', 'the session must end after it starts');
  if (endsAt && endsAt.getTime() - startsAt.getTime() > 24 * 3600 * 1000)
    throw badInput('一个单元不能超过 24 小时', 'a session cannot last more than 24 hours');
  return {
    name: body.name.trim(),
    nameEn: body.nameEn?.trim() ?? '',
    day: zonedDay(startsAt, m.timeZone),
    startsAt,
    endsAt,
    sort: body.sort ?? 0,
  };
}

export async function createSession(db: Db, u: CurrentUser, meetingId: number, body: SessionBody): Promise<SessionVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'manage');
  if (!body.name.trim()) throw badInput('请填写单元名称', 'the session needs a name');
  const v = sessionValues(m, body);
  const [row] = await db
    .insert(compSession)
    .values({ meetingId, ...v })
    .returning();
  return toSessionVO(row!, 0);
}

async function requireSession(db: DbOrTx, u: CurrentUser, id: number) {
  const [s] = await db.select().from(compSession).where(eq(compSession.id, id));
  if (!s) throw notFound();
  const { meeting: m } = await requireCompetition(db, u, s.meetingId, 'manage');
  return { session: s, meeting: m };
}

/** Change a session; the rounds already in it must still fit its times. */
export async function updateSession(
  db: Db,
  u: CurrentUser,
  id: number,
  body: SessionUpdateBody,
): Promise<{ before: SessionVO; after: SessionVO }> {
  const { session: current, meeting: m } = await requireSession(db, u, id);
  if (!body.name.trim()) throw badInput('请填写单元名称', 'the session needs a name');
  const v = sessionValues(m, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(compSession)
      .set({ ...v, ...nextVersion(compSession) })
      .where(sameVersion(compSession, id, body.version))
      .returning();
    if (!row) return staleOrMissing(tx.select({ id: compSession.id }).from(compSession).where(eq(compSession.id, id)));
    const rounds = await tx
      .select({ scheduledAt: compRound.scheduledAt })
      .from(compRound)
      .where(eq(compRound.sessionId, id));
    const end = sessionEnd(row, m.timeZone);
    const outside = rounds.filter((r) => r.scheduledAt && (r.scheduledAt < row.startsAt || r.scheduledAt > end));
    if (outside.length)
      throw badInput(
        `该单元中有 ${outside.length} 个轮次的时间不在新的单元时间之内，请先调整这些轮次`,
        `${outside.length} round(s) of this session would fall outside its new times; move them first`,
      );
    return { before: toSessionVO(current, rounds.length), after: toSessionVO(row, rounds.length) };
  });
}

/** Delete a session: its rounds leave it (they keep their times). */
export async function deleteSession(
  db: Db,
  u: CurrentUser,
  id: number,
  version: number | undefined,
): Promise<{ before: SessionVO; unassigned: number }> {
  const { session: current } = await requireSession(db, u, id);
  if (version !== undefined && version !== current.version) throw new AppError('A0409');
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(compRound)
      .set({ sessionId: null, ...nextVersion(compRound) })
      .where(eq(compRound.sessionId, id))
      .returning({ id: compRound.id });
    const [gone] = await tx
      .delete(compSession)
      .where(version === undefined ? eq(compSession.id, id) : sameVersion(compSession, id, version))
      .returning({ id: compSession.id });
    if (!gone) return staleOrMissing(tx.select({ id: compSession.id }).from(compSession).where(eq(compSession.id, id)));
    await tx.insert(compLog).values({
      meetingId: current.meetingId,
      action: 'schedule.session.delete',
      detail: { sessionId: id, name: current.name, rounds: moved.map((r) => r.id) },
      userId: u.id,
    });
    return { before: toSessionVO(current, moved.length), unassigned: moved.length };
  });
}

/** Create the planned rounds every group item of the meeting still lacks (ensureRoundsOf: three statements for all). */
export async function ensureMeetingRounds(db: Db, meetingId: number) {
  const lacking = await rowsOf<{ id: number }>(
    db.execute(sql`
      select gi.id from meet_group_item gi join meet_group g on g.id = gi.group_id
      where g.meeting_id = ${meetingId}
        and (select count(*) from comp_round r where r.group_item_id = gi.id)
          < greatest(jsonb_array_length(gi.rounds), 1)`),
  );
  if (!lacking.length) return;
  await db.transaction((tx) =>
    ensureRoundsOf(
      tx,
      lacking.map((gi) => Number(gi.id)),
    ),
  );
}

/**
 * The timetable of a meeting: every group item × planned round (created when missing) with
 * its session, time, heats and state, by time (unscheduled last), then event and round order.
 * For the schedule page, the public pages and the printed timetable. No access check: callers
 * check the meeting first.
 */
export async function timetable(db: Db, m: Pick<MeetingRow, 'id' | 'timeZone'>): Promise<TimetableVO> {
  const meetingId = m.id;
  await ensureMeetingRounds(db, meetingId);
  const events = await loadEvents(db, meetingId);
  const extra = await db
    .select({ id: compRound.id, version: compRound.version, sessionId: compRound.sessionId })
    .from(compRound)
    .where(eq(compRound.meetingId, meetingId));
  const byId = new Map(extra.map((r) => [r.id, r]));
  const rows: (TimetableRoundVO & { order: number })[] = [];
  for (const [order, e] of events.entries()) {
    for (const r of e.rounds) {
      const x = byId.get(r.id);
      if (!x) continue;
      // A combined event's discipline shows as itself ("七项全能 100米栏"), run as that event.
      const shown = roundEvent(e, r.discipline);
      rows.push({
        order,
        roundId: r.id,
        version: x.version,
        groupItemId: e.groupItemId,
        groupId: e.groupId,
        groupName: e.groupName,
        groupNameEn: e.groupNameEn,
        gender: e.gender,
        itemCode: shown.itemCode,
        itemName: shown.itemName,
        itemNameEn: shown.itemNameEn,
        kind: shown.kind,
        index: r.index,
        name: r.name,
        roundCount: e.rounds.length,
        sessionId: x.sessionId,
        scheduledAt: r.scheduledAt,
        heats: r.heats,
        starts: r.starts,
        entries: e.entries,
        status: r.status,
      });
    }
  }
  const time = (s: string | null) => (s === null ? Number.POSITIVE_INFINITY : Date.parse(s));
  rows.sort((a, b) => time(a.scheduledAt) - time(b.scheduledAt) || a.order - b.order || a.index - b.index);
  return {
    timeZone: m.timeZone,
    sessions: await sessionsOf(db, meetingId),
    rounds: rows.map(({ order: _o, ...r }) => r),
  };
}

export async function meetingTimetable(db: Db, u: CurrentUser, meetingId: number): Promise<TimetableVO> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  return timetable(db, m);
}

const roundLabel = (r: { index: number; name: keyof typeof ROUND_ZH }) => ({
  zh: `第 ${r.index + 1} 轮（${ROUND_ZH[r.name]}）`,
  en: `round ${r.index + 1} (${ROUND_EN[r.name]})`,
});

/** Put a round in a session and / or at a time. */
export async function scheduleRound(
  db: Db,
  u: CurrentUser,
  roundId: number,
  body: RoundScheduleBody,
): Promise<{ before: RoundScheduleVO; after: RoundScheduleVO }> {
  const { meeting: m } = await requireRound(db, u, roundId, 'manage');
  return db.transaction(async (tx) => {
    // The event's rounds, locked: two editors cannot interleave the order check.
    const [target] = await tx.select().from(compRound).where(eq(compRound.id, roundId));
    if (!target) throw notFound();
    const siblings = await tx
      .select()
      .from(compRound)
      .where(eq(compRound.groupItemId, target.groupItemId))
      .orderBy(asc(compRound.index))
      .for('update');
    const current = siblings.find((r) => r.id === roundId)!;
    if (current.version !== body.version) throw new AppError('A0409');
    const sessionId = body.sessionId === undefined ? current.sessionId : body.sessionId;
    const at =
      body.scheduledAt === undefined
        ? current.scheduledAt
        : body.scheduledAt === null
          ? null
          : instant(body.scheduledAt, 'scheduledAt');
    if (at && body.scheduledAt) withinMeeting(m, at, { zh: '轮次时间', en: 'the round time' });
    if (sessionId !== null) {
      const [s] = await tx
        .select()
        .from(compSession)
        .where(and(eq(compSession.id, sessionId), eq(compSession.meetingId, current.meetingId)));
      if (!s) throw badInput('该单元不属于本赛事', 'the session is not a session of this meeting');
      if (at && (at < s.startsAt || at > sessionEnd(s, m.timeZone)))
        throw badInput(
          `轮次时间必须在单元「${s.name}」的时间之内`,
          `the round's time must fall within the session "${s.nameEn || s.name}"`,
        );
    }
    if (at) {
      const label = roundLabel(current);
      for (const other of siblings) {
        if (other.id === roundId || !other.scheduledAt) continue;
        const o = roundLabel(other);
        if (other.index < current.index && at <= other.scheduledAt)
          throw badInput(
            `${label.zh}必须在同一项目的${o.zh}之后`,
            `${label.en} must start after ${o.en} of the same event`,
          );
        if (other.index > current.index && at >= other.scheduledAt)
          throw badInput(
            `${label.zh}必须在同一项目的${o.zh}之前`,
            `${label.en} must start before ${o.en} of the same event`,
          );
      }
    }
    const [row] = await tx
      .update(compRound)
      .set({ sessionId, scheduledAt: at, ...nextVersion(compRound) })
      .where(sameVersion(compRound, roundId, body.version))
      .returning();
    if (!row) throw new AppError('A0409');
    await tx.insert(compLog).values({
      meetingId: current.meetingId,
      roundId,
      action: 'schedule.round',
      detail: {
        before: { sessionId: current.sessionId, scheduledAt: isoOrNull(current.scheduledAt) },
        after: { sessionId, scheduledAt: isoOrNull(at) },
      },
      userId: u.id,
    });
    const vo = (r: typeof row) => ({
      id: r.id,
      version: r.version,
      sessionId: r.sessionId,
      scheduledAt: isoOrNull(r.scheduledAt),
    });
    return { before: vo(current), after: vo(row) };
  });
}
