import {
  LoginLogExportQuery,
  LoginLogQuery,
  LoginLogVO,
  OplogDetailVO,
  OplogExportQuery,
  OplogQuery,
  OplogVO,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { exportJobRoutes } from '../../plugins/export-jobs.js';
import { datedXlsxName, routeKit } from '../../plugins/route-kit.js';
import { exportLoginLog, exportOplog, oplogDetail, pageLoginLog, pageOplog } from './service.js';

const tags = ['logs'];
// The log's ids are bigserial: any integer JavaScript holds exactly fits; a larger one is a 400, not a database error.
const LogIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** Read-only: no route edits or deletes a log entry. */
export async function logRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/logs/login/page', {
    auth: { perm: 'sys:log:query' },
    summary: 'Sign-in attempts, paged and filtered',
    querystring: LoginLogQuery,
    answer: Page(LoginLogVO),
    run: (req) => pageLoginLog(db, req.query),
  });

  // The logs' exports (up to 20,000 rows) run as jobs with a progress bar (plugins/export-jobs.ts).
  exportJobRoutes<LoginLogExportQuery>(app, {
    url: '/api/v1/logs/login/export',
    perm: 'sys:log:export',
    tags,
    summary: 'Sign-in attempts of the current filter as .xlsx',
    querystring: LoginLogExportQuery,
    make: async (req, report) => ({
      filename: datedXlsxName(req.lang, { en: 'login-log', zh: '登录日志' }),
      bytes: await exportLoginLog(db, req.query, req.lang, report),
    }),
  });

  r.get('/api/v1/logs/operation/page', {
    auth: { perm: 'sys:log:query' },
    summary: 'Operations (every write), paged and filtered',
    querystring: OplogQuery,
    answer: Page(OplogVO),
    run: (req) => pageOplog(db, req.query),
  });

  exportJobRoutes<OplogExportQuery>(app, {
    url: '/api/v1/logs/operation/export',
    perm: 'sys:log:export',
    tags,
    summary: 'Operations of the current filter as .xlsx',
    querystring: OplogExportQuery,
    make: async (req, report) => ({
      filename: datedXlsxName(req.lang, { en: 'operation-log', zh: '操作日志' }),
      bytes: await exportOplog(db, req.query, req.lang, report),
    }),
  });

  r.get('/api/v1/logs/operation/:id', {
    auth: { perm: 'sys:log:query' },
    summary: 'One operation with the record before and after',
    params: LogIdParams,
    answer: OplogDetailVO,
    run: (req) => oplogDetail(db, req.params.id),
  });
}
