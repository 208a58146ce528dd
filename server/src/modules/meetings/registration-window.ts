import { REGISTRATION_CLOSE_INTERVAL_MS } from '@baton/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';
import type { MeetingRow } from './access.js';

// ─── Registration window ────────────────────────────────────────────────────────────────

/** Is registration open for writes at `now`: the status says so and the window has not passed. */
export function isRegistrationOpen(
  m: Pick<MeetingRow, 'status' | 'regOpensAt' | 'regClosesAt'>,
  now: Date = new Date(),
): boolean {
  return (
    m.status === 'registration_open' &&
    m.regOpensAt.getTime() <= now.getTime() &&
    now.getTime() < m.regClosesAt.getTime()
  );
}

/**
 * Close every open registration whose closing time has passed: one statement that moves the
 * meetings, writes their status-log rows and their operation-log rows. Idempotent and safe
 * with several instances (a row already closed by another no longer matches). Returns the ids.
 */
export async function closeExpiredRegistrations(db: DbOrTx, now: Date = new Date()): Promise<number[]> {
  // A read first: the write below moves the data version (and so empties every kept public
  // answer) even when it closes nothing, and this runs every 30 s.
  const due = await rowsOf<{ id: number }>(
    db.execute(
      sql`select id from meet_meeting where status = 'registration_open' and reg_closes_at <= ${now.toISOString()}::timestamptz limit 1`,
    ),
  );
  if (!due.length) return [];
  const rows = await rowsOf<{ meeting_id: number }>(
    db.execute(sql`with closed as (
        update meet_meeting set status = 'registration_closed', version = version + 1, updated_at = now()
        where status = 'registration_open' and reg_closes_at <= ${now.toISOString()}::timestamptz
        returning id, code
      ), logged as (
        insert into meet_meeting_status_log (meeting_id, from_status, to_status, user_id, reason)
        select id, 'registration_open', 'registration_closed', null, 'registration window closed' from closed
        returning meeting_id
      )
      insert into sys_oplog (method, path, module, action, target, status, code, duration_ms, before, after)
      select 'SYSTEM', '/internal/registration-close', 'meetings', 'auto-close registration', c.id::text, 200,
        '00000', 0, jsonb_build_object('status', 'registration_open'),
        jsonb_build_object('status', 'registration_closed', 'code', c.code)
      from closed c join logged l on l.meeting_id = c.id
      returning target as meeting_id`),
  );
  return rows.map((r) => Number(r.meeting_id));
}

/** Run `closeExpiredRegistrations` every 30 s while the app runs; stopped when it closes. */
export function startRegistrationCloser(app: FastifyInstance, db: Db): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await closeExpiredRegistrations(db);
      if (closed.length) app.log.info({ meetings: closed }, 'registration closed by its window');
    } catch (err) {
      app.log.warn({ err }, 'closing expired registrations failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, REGISTRATION_CLOSE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
