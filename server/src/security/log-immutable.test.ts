import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../lib/paths.js';
import { rowsOf } from '../lib/sql.js';
import { bearer, login, useTestApp } from '../test/app.js';
import { apiRoutes, type RouteKey, routeName } from './routes.js';

/**
 * The audit trail is append-only (issue 8 "the log itself cannot be edited through the API"):
 *
 * - no write route (POST/PUT/PATCH/DELETE) lives under the log paths;
 * - no server source outside the log writers names the log tables in an insert, and none at all
 *   in an update, delete or truncate — but for one: the oplog writer completes the line its
 *   request's transaction wrote (status pending, 0) with the request's outcome, once (issue 21);
 * - every write route of the app, called by root (every permission) with its path ids set to an
 *   existing log row's id and bodies naming that id, leaves every existing row of sys_oplog and
 *   sys_login_log exactly as it was (new rows are appended; none vanish or change).
 */
const t = useTestApp();
let routes: RouteKey[];
let token = '';

const LOG_TABLES = ['sys_oplog', 'sys_login_log'] as const;
type Snapshot = Record<string, { max: number; rows: number; md5: string }>;

/** Per log table: the highest id, and a digest of every row up to it. */
async function snapshot(upTo?: Snapshot): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of LOG_TABLES) {
    const max = upTo?.[table]?.max ?? Number.MAX_SAFE_INTEGER;
    const [row] = await rowsOf<{ max: number | null; rows: number; md5: string }>(
      t.database.db.execute(
        sql.raw(`select max(id)::int as max, count(*)::int as rows,
                        md5(coalesce(string_agg(l::text, E'\\n' order by l.id), '')) as md5
                   from ${table} l where l.id <= ${max}`),
      ),
    );
    out[table] = { max: upTo?.[table]?.max ?? Number(row!.max ?? 0), rows: Number(row!.rows), md5: row!.md5 };
  }
  return out;
}

beforeAll(async () => {
  routes = apiRoutes(t.app);
  token = (await login(t, 'root')).accessToken;
  // Something in each log: sign-ins (login log) and a few writes (operation log).
  await login(t, 'admin');
  for (const name of ['Log A', 'Log B']) {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/dict',
      headers: bearer(token),
      payload: { dictCode: `log_${name.slice(-1).toLowerCase()}`, name, nameEn: name },
    });
  }
});

/** Server source files (not tests), relative to server/src. */
function sources(dir = path.join(SERVER_ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the log cannot be edited', () => {
  it('has no write route under the log paths', async () => {
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(50);
    // The one POST there starts an export job (plugins/export-jobs.ts): it reads the log into a
    // workbook and writes nothing — checked below on the tables themselves.
    const exportStarts = ['POST /api/v1/logs/login/export', 'POST /api/v1/logs/operation/export'];
    const underLogs = writes.filter((r) => /\/(logs?|oplog|login-log)(\/|$)/i.test(r.path)).map(routeName);
    expect(underLogs.sort()).toEqual(exportStarts);
    const logRoutes = routes.filter((r) => r.path.startsWith('/api/v1/logs/'));
    expect(logRoutes.length).toBeGreaterThanOrEqual(5);
    expect(new Set(logRoutes.filter((r) => !exportStarts.includes(routeName(r))).map((r) => r.method))).toEqual(
      new Set(['GET']),
    );
    const before = await snapshot();
    for (const name of exportStarts) {
      const res = await t.app.inject({ method: 'POST', url: name.slice(5), headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('no server code updates, deletes or truncates a log table; only the log writers insert', () => {
    const writers: Record<string, string[]> = {
      // The oplog plugin (every API write) and the registration-window closer (a system action).
      oplog: ['plugins/oplog.ts', 'modules/meetings/registration-window.ts'],
      // Administrator and delegation sign-ins.
      loginLog: ['modules/auth/service.ts', 'modules/dlg/service.ts'],
    };
    const edits: string[] = [];
    const inserts: Record<string, string[]> = { oplog: [], loginLog: [] };
    // The one update allowed: the oplog writer completes a pending line (status 0) with its
    // request's outcome. It sets only the outcome columns, and only while the line is pending,
    // so a completed line can never change again.
    const completion =
      /update sys_oplog set ((?:\w+ = \$\{c\('\w+'\)\}::\w+,?\s*)+)where id = \$\{c\('id'\)\}::bigint and status = \$\{sql\.raw\(String\(PENDING_STATUS\)\)\}`/g;
    let completions = 0;
    for (const file of sources()) {
      const rel = path.relative(path.join(SERVER_ROOT, 'src'), file).split(path.sep).join('/');
      if (rel.startsWith('db/schema/') || rel.startsWith('db/seed/')) continue;
      let text = fs.readFileSync(file, 'utf8');
      if (rel === 'plugins/oplog.ts') {
        expect(text).toMatch(/export const PENDING_STATUS = 0;/);
        text = text.replace(completion, (_all, set: string) => {
          completions++;
          const columns = [...set.matchAll(/(\w+) = /g)].map((m) => m[1]);
          expect(columns.sort()).toEqual(
            ['action', 'after', 'before', 'code', 'duration_ms', 'module', 'status', 'target'].sort(),
          );
          return '';
        });
      }
      if (
        /\.(update|delete)\(\s*(oplog|loginLog)\s*\)/.test(text) ||
        /\b(update|delete\s+from|truncate(\s+table)?)\s+"?(sys_oplog|sys_login_log)\b/i.test(text)
      ) {
        edits.push(rel);
      }
      if (/\.insert\(\s*oplog\s*\)|insert\s+into\s+sys_oplog\b/i.test(text)) inserts.oplog!.push(rel);
      if (/\.insert\(\s*loginLog\s*\)|insert\s+into\s+sys_login_log\b/i.test(text)) inserts.loginLog!.push(rel);
    }
    expect(edits).toEqual([]);
    expect(completions).toBe(1);
    expect(inserts.oplog!.sort()).toEqual(writers.oplog!.sort());
    expect(inserts.loginLog!.sort()).toEqual(writers.loginLog!.sort());
  });

  it('every write route, aimed at a log row by id, leaves the existing log rows as they were', async () => {
    const before = await snapshot();
    expect(before.sys_oplog!.rows).toBeGreaterThan(0);
    expect(before.sys_login_log!.rows).toBeGreaterThan(0);
    const logId = before.sys_oplog!.max;
    const writes = routes.filter((r) => r.method !== 'GET');
    const statuses = new Map<number, number>();
    for (const r of writes) {
      const url = r.path.replace(/:[A-Za-z]+/g, String(logId));
      for (const payload of [{}, { id: logId, ids: [logId], version: 0 }]) {
        const send = () =>
          t.app.inject({
            method: r.method as 'POST',
            url: r.method === 'DELETE' ? `${url}?ids=${logId}` : url,
            headers: bearer(token),
            payload,
          });
        let res = await send();
        // A route that ended root's session (sign-out, password change): sign in again and go on.
        if (res.statusCode === 401) {
          token = (await login(t, 'root')).accessToken;
          res = await send();
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${routeName(r)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
    const after = await snapshot(before);
    expect(after).toEqual(before);
    // The walk itself was logged: the log only grew.
    const [grown] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql.raw(`select count(*)::int as n from sys_oplog where id > ${logId}`)),
    );
    expect(Number(grown!.n)).toBeGreaterThan(0);
    // Every line the walk wrote inside a transaction was completed with its answer: none is left pending.
    const [pending] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql.raw('select count(*)::int as n from sys_oplog where status = 0')),
    );
    expect(Number(pending!.n)).toBe(0);
    console.info(
      `log immutability: ${writes.length} write routes × 2 bodies, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 120_000);
});
