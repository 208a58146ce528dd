import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';

/** How often the sweep runs. */
export const ORPHAN_SWEEP_INTERVAL_MS = 3600_000;
/** The first sweep after start. */
export const ORPHAN_FIRST_SWEEP_MS = 5 * 60_000;
/** Files deleted per statement, so one sweep never holds a long lock. */
const BATCH = 200;

/**
 * Delete uploads older than `graceHours` that nothing names. A file counts as used when its id
 * appears anywhere it can be stored: a delegation's document (reg_delegation_file), an athlete's
 * photo, any value of the custom fields of an athlete, coach or delegation (free-text values too:
 * deleting is for good, so the test is wide), a registration record's history, a user's avatar,
 * the HTML of a notice or of a meeting's remark or 竞赛规程 (images and links), and a setting's value. The
 * operation log is not a use. Uploads younger than the grace are kept: a form may be about to
 * name them. Returns what was deleted.
 */
export async function sweepOrphanFiles(db: Db, graceHours: number): Promise<{ files: number; bytes: number }> {
  const cutoff = new Date(Date.now() - graceHours * 3600_000);
  let files = 0;
  let bytes = 0;
  for (;;) {
    const rows = await rowsOf<{ size: number }>(
      db.execute(sql`
        delete from sys_file where id in (
          select f.id from sys_file f
           where f.created_at < ${cutoff}
             and not exists (select 1 from reg_delegation_file x where x.file_id = f.id)
             and not exists (select 1 from reg_athlete x
                              where x.photo_file_id = f.id or strpos(x.fields::text, f.id) > 0)
             and not exists (select 1 from reg_coach x where strpos(x.fields::text, f.id) > 0)
             and not exists (select 1 from meet_delegation x where strpos(x.fields::text, f.id) > 0)
             and not exists (select 1 from reg_record_history x
                              where strpos(coalesce(x.before::text, ''), f.id) > 0
                                 or strpos(coalesce(x.after::text, ''), f.id) > 0)
             and not exists (select 1 from sys_user x where strpos(coalesce(x.avatar, ''), f.id) > 0)
             and not exists (select 1 from sys_notice x where strpos(x.content, f.id) > 0)
             and not exists (select 1 from meet_meeting x where strpos(coalesce(x.remark, '') || coalesce(x.regulations, ''), f.id) > 0)
             and not exists (select 1 from sys_config x where strpos(x.value, f.id) > 0)
           limit ${BATCH})
        returning size`),
    );
    files += rows.length;
    bytes += rows.reduce((n, r) => n + Number(r.size), 0);
    if (rows.length < BATCH) return { files, bytes };
  }
}

/** Run the sweep every hour (the first five minutes after start); its failures are logged, never thrown. */
export function startOrphanSweeper(app: FastifyInstance, db: Db, graceHours: number): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await sweepOrphanFiles(db, graceHours);
      if (removed.files) app.log.info(removed, 'orphan uploads removed');
    } catch (err) {
      app.log.warn({ err }, 'removing orphan uploads failed');
    } finally {
      running = false;
    }
  };
  // The first sweep a few minutes after start, not at once: a server that is just starting (or a
  // test measuring a request's statements) has better things to do than a sweep of the whole table.
  const first = setTimeout(() => void tick(), ORPHAN_FIRST_SWEEP_MS);
  const timer = setInterval(tick, ORPHAN_SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
