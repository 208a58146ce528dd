import type {
  Lang,
  LoginLogExportQuery,
  LoginLogQuery,
  LoginLogVO,
  OplogDetailVO,
  OplogExportQuery,
  OplogQuery,
  OplogVO,
} from '@baton/contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginLog, oplog } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type Column, toXlsx } from '../../lib/excel.js';
import type { Report } from '../../lib/jobs.js';
import { limitOffset, orderFrom } from '../../lib/paging.js';
import { createdBetween, iso, likeAny } from '../../lib/sql.js';

const EXPORT_MAX_ROWS = 20_000;

function loginWhere(q: LoginLogExportQuery): SQL | undefined {
  const where: SQL[] = [];
  const kw = likeAny(q.keywords, [loginLog.username, loginLog.ip]);
  if (kw) where.push(kw);
  if (q.success !== undefined) where.push(eq(loginLog.success, q.success));
  where.push(...createdBetween(loginLog.createdAt, q.createTimeStart, q.createTimeEnd));
  return and(...where);
}

const loginOrder = (q: LoginLogExportQuery) =>
  orderFrom({ createdAt: loginLog.createdAt }, q.sortKey, q.sortDir, [desc(loginLog.id)]);

const toLoginVO = (r: typeof loginLog.$inferSelect): LoginLogVO => ({ ...r, createdAt: iso(r.createdAt) });

export async function pageLoginLog(db: Db, q: LoginLogQuery) {
  const where = loginWhere(q);
  const [total] = await db.select({ n: count() }).from(loginLog).where(where);
  const rows = await db
    .select()
    .from(loginLog)
    .where(where)
    .orderBy(...loginOrder(q))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  return { list: rows.map(toLoginVO), total: total?.n ?? 0 };
}

export async function exportLoginLog(db: Db, q: LoginLogExportQuery, lang: Lang, report?: Report): Promise<Buffer> {
  const rows = await db
    .select()
    .from(loginLog)
    .where(loginWhere(q))
    .orderBy(...loginOrder(q))
    .limit(EXPORT_MAX_ROWS);
  const e = lang === 'en';
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: e ? 'Time' : '时间', key: 'createdAt', width: 22, value: (r) => r.createdAt },
    { header: e ? 'Username' : '用户名', key: 'username', value: (r) => r.username },
    { header: 'IP', key: 'ip', value: (r) => r.ip },
    {
      header: e ? 'Outcome' : '结果',
      key: 'success',
      width: 10,
      value: (r) => (r.success ? (e ? 'Success' : '成功') : e ? 'Failed' : '失败'),
    },
    { header: e ? 'Code' : '结果码', key: 'code', width: 10, value: (r) => r.code },
    { header: e ? 'User agent' : '浏览器', key: 'userAgent', width: 50, value: (r) => r.userAgent },
  ];
  return toXlsx(e ? 'Login log' : '登录日志', columns, rows, report);
}

function oplogWhere(q: OplogExportQuery): SQL | undefined {
  const where: SQL[] = [];
  const kw = likeAny(q.keywords, [oplog.username, oplog.path, oplog.target]);
  if (kw) where.push(kw);
  if (q.module) where.push(eq(oplog.module, q.module));
  if (q.method) where.push(eq(oplog.method, q.method));
  if (q.outcome === 'ok') where.push(lt(oplog.status, 400));
  if (q.outcome === 'error') where.push(gte(oplog.status, 400));
  where.push(...createdBetween(oplog.createdAt, q.createTimeStart, q.createTimeEnd));
  return and(...where);
}

const oplogOrder = (q: OplogExportQuery) =>
  orderFrom({ createdAt: oplog.createdAt, durationMs: oplog.durationMs }, q.sortKey, q.sortDir, [desc(oplog.id)]);

const oplogColumns = {
  id: oplog.id,
  userId: oplog.userId,
  username: oplog.username,
  userType: oplog.userType,
  ip: oplog.ip,
  userAgent: oplog.userAgent,
  method: oplog.method,
  path: oplog.path,
  module: oplog.module,
  action: oplog.action,
  target: oplog.target,
  status: oplog.status,
  code: oplog.code,
  durationMs: oplog.durationMs,
  createdAt: oplog.createdAt,
};

export async function pageOplog(db: Db, q: OplogQuery) {
  const where = oplogWhere(q);
  const [total] = await db.select({ n: count() }).from(oplog).where(where);
  const rows = await db
    .select(oplogColumns)
    .from(oplog)
    .where(where)
    .orderBy(...oplogOrder(q))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: OplogVO[] = rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  return { list, total: total?.n ?? 0 };
}

export async function oplogDetail(db: Db, id: number): Promise<OplogDetailVO> {
  const [row] = await db.select().from(oplog).where(eq(oplog.id, id));
  if (!row) throw notFound();
  return { ...row, createdAt: iso(row.createdAt) };
}

export async function exportOplog(db: Db, q: OplogExportQuery, lang: Lang, report?: Report): Promise<Buffer> {
  const rows = await db
    .select(oplogColumns)
    .from(oplog)
    .where(oplogWhere(q))
    .orderBy(...oplogOrder(q))
    .limit(EXPORT_MAX_ROWS);
  const e = lang === 'en';
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: e ? 'Time' : '时间', key: 'createdAt', width: 22, value: (r) => r.createdAt },
    { header: e ? 'User' : '操作人', key: 'username', value: (r) => r.username },
    { header: 'IP', key: 'ip', value: (r) => r.ip },
    { header: e ? 'Module' : '模块', key: 'module', value: (r) => r.module },
    { header: e ? 'Action' : '操作', key: 'action', width: 24, value: (r) => r.action },
    { header: e ? 'Target' : '对象', key: 'target', width: 24, value: (r) => r.target },
    { header: e ? 'Method' : '方法', key: 'method', width: 8, value: (r) => r.method },
    { header: e ? 'Path' : '路径', key: 'path', width: 36, value: (r) => r.path },
    { header: e ? 'HTTP status' : '状态', key: 'status', width: 8, value: (r) => r.status },
    { header: e ? 'Code' : '结果码', key: 'code', width: 10, value: (r) => r.code },
    { header: e ? 'Duration (ms)' : '耗时（毫秒）', key: 'durationMs', width: 12, value: (r) => r.durationMs },
    { header: e ? 'User agent' : '浏览器', key: 'userAgent', width: 50, value: (r) => r.userAgent },
  ];
  return toXlsx(e ? 'Operation log' : '操作日志', columns, rows, report);
}
