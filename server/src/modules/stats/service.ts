import { createHmac } from 'node:crypto';
import { lastDays, NOTICE_STATUS, type StatsOverview, type VisitTrend, zonedDay, zonedInstant } from '@baton/contracts';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import { randomSecret } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loginLog, notice, user, visitDay, visitor } from '../../db/schema/index.js';
import { getOrCreateSecret } from '../../lib/secrets.js';

/*
 * Days are calendar days on the server's configured clock (`BATON_TIME_ZONE`, config.timeZone),
 * not the clock of the process the server happens to run in.
 */

const salts = new WeakMap<Db, Promise<string>>();
function salt(db: Db) {
  let s = salts.get(db);
  if (!s) {
    s = getOrCreateSecret(db, 'visitor-salt', () => randomSecret());
    s.catch(() => salts.delete(db));
    salts.set(db, s);
  }
  return s;
}

/** A visitor is a keyed hash of IP, user agent and day: countable, not traceable back or across days. */
export async function visitorHash(db: Db, ip: string, userAgent: string, day: string) {
  return createHmac('sha256', await salt(db))
    .update(`${day}\n${ip}\n${userAgent}`)
    .digest('base64url');
}

export async function recordVisit(db: Db, ip: string, userAgent: string, timeZone: string, now = new Date()) {
  const day = zonedDay(now, timeZone);
  const hash = await visitorHash(db, ip, userAgent, day);
  await db
    .insert(visitDay)
    .values({ day, pv: 1 })
    .onConflictDoUpdate({ target: visitDay.day, set: { pv: sql`${visitDay.pv} + 1` } });
  await db.insert(visitor).values({ day, hash }).onConflictDoNothing();
}

/** Page views and unique visitors for the last `days` days, today included, gaps as zero. */
export async function visitTrend(db: Db, days: number, timeZone: string, now = new Date()): Promise<VisitTrend> {
  const dates = lastDays(days, timeZone, now);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const [pvRows, uvRows] = await Promise.all([
    db
      .select()
      .from(visitDay)
      .where(and(gte(visitDay.day, from), lte(visitDay.day, to))),
    db
      .select({ day: visitor.day, n: count() })
      .from(visitor)
      .where(and(gte(visitor.day, from), lte(visitor.day, to)))
      .groupBy(visitor.day),
  ]);
  const pv = new Map(pvRows.map((r) => [r.day, r.pv]));
  const uv = new Map(uvRows.map((r) => [r.day, r.n]));
  return { dates, pv: dates.map((d) => pv.get(d) ?? 0), uv: dates.map((d) => uv.get(d) ?? 0) };
}

export async function overview(
  db: Db,
  online: { sockets: number; users: number },
  timeZone: string,
): Promise<StatsOverview> {
  const now = new Date();
  const today = zonedDay(now, timeZone);
  const startOfToday = new Date(zonedInstant(today, '00:00', timeZone));
  const [[users], [logins], [notices], [pvToday], [uvToday]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db
      .select({ n: count() })
      .from(loginLog)
      .where(and(eq(loginLog.success, true), gte(loginLog.createdAt, startOfToday))),
    db.select({ n: count() }).from(notice).where(eq(notice.status, NOTICE_STATUS.PUBLISHED)),
    db.select({ pv: visitDay.pv }).from(visitDay).where(eq(visitDay.day, today)),
    db.select({ n: count() }).from(visitor).where(eq(visitor.day, today)),
  ]);
  return {
    userCount: users?.n ?? 0,
    loginsToday: logins?.n ?? 0,
    noticesPublished: notices?.n ?? 0,
    onlineSockets: online.sockets,
    onlineUsers: online.users,
    pvToday: pvToday?.pv ?? 0,
    uvToday: uvToday?.n ?? 0,
  };
}
