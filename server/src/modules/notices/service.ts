import {
  type MyNoticeQuery,
  NOTICE_STATUS,
  NOTICE_TARGET,
  type NoticeForm,
  type NoticePageQuery,
  type NoticeUpdateBody,
} from '@baton/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notice, noticeRead, role, user } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { hasPerm } from '../../plugins/auth.js';
import type { Audience, RealtimeHub } from '../../plugins/realtime.js';
import { sanitizeNoticeHtml } from './sanitize.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const textArray = (values: string[]) =>
  values.length
    ? sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** Published notices aimed at `u`: everyone, one of their roles, or them by name. */
export function aimedAt(u: Pick<CurrentUser, 'id' | 'roles'>): SQL {
  return and(
    eq(notice.status, NOTICE_STATUS.PUBLISHED),
    or(
      eq(notice.targetType, NOTICE_TARGET.ALL),
      and(eq(notice.targetType, NOTICE_TARGET.ROLES), sql`${notice.targetRoles} && ${textArray(u.roles)}`),
      and(eq(notice.targetType, NOTICE_TARGET.USERS), sql`${u.id} = any(${notice.targetUserIds})`),
    ),
  )!;
}

export function audienceOf(row: { targetType: number; targetRoles: string[]; targetUserIds: number[] }): Audience {
  if (row.targetType === NOTICE_TARGET.ROLES) return { roles: row.targetRoles };
  if (row.targetType === NOTICE_TARGET.USERS) return { userIds: row.targetUserIds };
  return 'users';
}

const keywordsLike = (keywords: string | undefined) => {
  const k = keywords?.trim();
  if (!k) return undefined;
  const escaped = k.replace(/[\\%_]/g, (c) => `\\${c}`);
  return ilike(notice.title, `%${escaped}%`);
};

/** Check and normalise a notice form: clean HTML, targets that exist, only the relevant target list. */
async function prepare(db: Db, body: NoticeForm) {
  const title = body.title.trim();
  if (!title) throw badInput('标题不能为空', 'the title is empty');
  const content = sanitizeNoticeHtml(body.content);
  if (!content) throw badInput('内容不能为空', 'the content is empty');
  let targetRoles: string[] = [];
  let targetUserIds: number[] = [];
  if (body.targetType === NOTICE_TARGET.ROLES) {
    targetRoles = [...new Set(body.targetRoles ?? [])];
    if (!targetRoles.length) throw badInput('请选择接收角色', 'choose at least one role to send to');
    const found = await db.select({ code: role.code }).from(role).where(inArray(role.code, targetRoles));
    const missing = targetRoles.filter((r) => !found.some((f) => f.code === r));
    if (missing.length) throw badInput(`角色不存在：${missing.join(', ')}`, `unknown roles: ${missing.join(', ')}`);
  }
  if (body.targetType === NOTICE_TARGET.USERS) {
    targetUserIds = [...new Set(body.targetUserIds ?? [])];
    if (!targetUserIds.length) throw badInput('请选择接收用户', 'choose at least one user to send to');
    const found = await db.select({ id: user.id }).from(user).where(inArray(user.id, targetUserIds));
    const missing = targetUserIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badInput(`用户不存在：${missing.join(', ')}`, `unknown users: ${missing.join(', ')}`);
  }
  return {
    title,
    content,
    type: body.type,
    level: body.level,
    targetType: body.targetType,
    targetRoles,
    targetUserIds,
  };
}

export async function pageNotices(db: Db, q: NoticePageQuery) {
  const where = and(
    keywordsLike(q.keywords),
    q.status === undefined ? undefined : eq(notice.status, q.status),
    q.type === undefined ? undefined : eq(notice.type, q.type),
  );
  const { limit, offset } = limitOffset(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notice.id,
        title: notice.title,
        type: notice.type,
        level: notice.level,
        targetType: notice.targetType,
        status: notice.status,
        publisherName: user.nickname,
        publishedAt: notice.publishedAt,
        revokedAt: notice.revokedAt,
        createdAt: notice.createdAt,
        version: notice.version,
      })
      .from(notice)
      .leftJoin(user, eq(user.id, notice.publisherId))
      .where(where)
      .orderBy(desc(notice.createdAt), desc(notice.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notice).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...r,
      publishedAt: iso(r.publishedAt),
      revokedAt: iso(r.revokedAt),
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

export async function noticeForm(db: Db, id: number) {
  const [row] = await db
    .select({
      id: notice.id,
      title: notice.title,
      content: notice.content,
      type: notice.type,
      level: notice.level,
      targetType: notice.targetType,
      targetRoles: notice.targetRoles,
      targetUserIds: notice.targetUserIds,
      status: notice.status,
      version: notice.version,
    })
    .from(notice)
    .where(eq(notice.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createNotice(db: Db, u: CurrentUser, body: NoticeForm) {
  const values = await prepare(db, body);
  const [row] = await db
    .insert(notice)
    .values({ ...values, status: NOTICE_STATUS.DRAFT, createdBy: u.id })
    .returning({ id: notice.id });
  return row!.id;
}

const editableOnly = () =>
  badInput('已发布的通知不能修改，请先撤回', 'a published notice cannot be edited: revoke it first');

export async function updateNotice(db: Db, id: number, body: NoticeUpdateBody) {
  const values = await prepare(db, body);
  const [current] = await db.select({ status: notice.status }).from(notice).where(eq(notice.id, id));
  if (!current) throw notFound();
  if (current.status === NOTICE_STATUS.PUBLISHED) throw editableOnly();
  const updated = await db
    .update(notice)
    .set({ ...values, ...nextVersion(notice) })
    .where(and(sameVersion(notice, id, body.version), sql`${notice.status} <> ${NOTICE_STATUS.PUBLISHED}`))
    .returning({ id: notice.id });
  if (!updated.length) await staleOrMissing(db.select({ id: notice.id }).from(notice).where(eq(notice.id, id)));
}

/** Delete drafts and revoked notices; all or nothing. */
export async function deleteNotices(db: Db, ids: number[]) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: notice.id, status: notice.status, title: notice.title })
      .from(notice)
      .where(inArray(notice.id, ids))
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    const published = rows.filter((r) => r.status === NOTICE_STATUS.PUBLISHED);
    if (published.length) {
      throw badInput(
        `已发布的通知不能删除，请先撤回：${published.map((r) => r.title).join('、')}`,
        `published notices cannot be deleted, revoke them first: ${published.map((r) => r.title).join(', ')}`,
      );
    }
    await tx.delete(notice).where(inArray(notice.id, ids));
    return rows.map((r) => ({ id: r.id, title: r.title }));
  });
}

export async function publishNotice(db: Db, hub: RealtimeHub, u: CurrentUser, id: number) {
  const [row] = await db
    .update(notice)
    .set({
      status: NOTICE_STATUS.PUBLISHED,
      publisherId: u.id,
      publishedAt: new Date(),
      revokedAt: null,
      ...nextVersion(notice),
    })
    .where(and(eq(notice.id, id), sql`${notice.status} <> ${NOTICE_STATUS.PUBLISHED}`))
    .returning();
  if (!row) {
    const [exists] = await db.select({ status: notice.status }).from(notice).where(eq(notice.id, id));
    if (!exists) throw notFound();
    throw badInput('该通知已发布', 'this notice is already published');
  }
  await hub.publish('notice', { id: row.id, title: row.title, type: row.type, level: row.level }, audienceOf(row));
  return row;
}

export async function revokeNotice(db: Db, hub: RealtimeHub, id: number) {
  const [row] = await db
    .update(notice)
    .set({ status: NOTICE_STATUS.REVOKED, revokedAt: new Date(), ...nextVersion(notice) })
    .where(and(eq(notice.id, id), eq(notice.status, NOTICE_STATUS.PUBLISHED)))
    .returning();
  if (!row) {
    const [exists] = await db.select({ status: notice.status }).from(notice).where(eq(notice.id, id));
    if (!exists) throw notFound();
    throw badInput('只有已发布的通知可以撤回', 'only a published notice can be revoked');
  }
  await hub.publish('notice-revoked', { id: row.id }, audienceOf(row));
  return row;
}

const readJoin = (userId: number) => and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, userId));

export async function myNotices(db: Db, u: CurrentUser, q: MyNoticeQuery) {
  const where = and(
    aimedAt(u),
    keywordsLike(q.keywords),
    q.isRead === 0 ? isNull(noticeRead.userId) : q.isRead === 1 ? sql`${noticeRead.userId} is not null` : undefined,
  );
  const { limit, offset } = limitOffset(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notice.id,
        title: notice.title,
        type: notice.type,
        level: notice.level,
        publisherName: user.nickname,
        publishedAt: notice.publishedAt,
        readAt: noticeRead.readAt,
      })
      .from(notice)
      .leftJoin(noticeRead, readJoin(u.id))
      .leftJoin(user, eq(user.id, notice.publisherId))
      .where(where)
      .orderBy(desc(notice.publishedAt), desc(notice.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notice).leftJoin(noticeRead, readJoin(u.id)).where(where),
  ]);
  return {
    list: rows.map(({ readAt, ...r }) => ({ ...r, publishedAt: iso(r.publishedAt), isRead: readAt ? 1 : 0 })),
    total: total?.n ?? 0,
  };
}

/** A notice aimed at the user (marked read), or any notice for a holder of sys:notice:query. */
export async function noticeDetail(db: Db, u: CurrentUser, id: number) {
  const columns = {
    id: notice.id,
    title: notice.title,
    content: notice.content,
    type: notice.type,
    level: notice.level,
    status: notice.status,
    publisherName: user.nickname,
    publishedAt: notice.publishedAt,
  };
  const [mine] = await db
    .select(columns)
    .from(notice)
    .leftJoin(user, eq(user.id, notice.publisherId))
    .where(and(eq(notice.id, id), aimedAt(u)));
  if (mine) {
    await db.insert(noticeRead).values({ noticeId: id, userId: u.id }).onConflictDoNothing();
    return { ...mine, publishedAt: iso(mine.publishedAt) };
  }
  if (!hasPerm(u, 'sys:notice:query')) throw notFound();
  const [any] = await db
    .select(columns)
    .from(notice)
    .leftJoin(user, eq(user.id, notice.publisherId))
    .where(eq(notice.id, id));
  if (!any) throw notFound();
  return { ...any, publishedAt: iso(any.publishedAt) };
}

export async function unreadCount(db: Db, u: CurrentUser): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notice)
    .leftJoin(noticeRead, readJoin(u.id))
    .where(and(aimedAt(u), isNull(noticeRead.userId)));
  return row?.n ?? 0;
}

export async function readAll(db: Db, u: CurrentUser): Promise<number> {
  const unread = await db
    .select({ id: notice.id })
    .from(notice)
    .leftJoin(noticeRead, readJoin(u.id))
    .where(and(aimedAt(u), isNull(noticeRead.userId)));
  if (!unread.length) return 0;
  const inserted = await db
    .insert(noticeRead)
    .values(unread.map((r) => ({ noticeId: r.id, userId: u.id })))
    .onConflictDoNothing()
    .returning({ id: noticeRead.noticeId });
  return inserted.length;
}
