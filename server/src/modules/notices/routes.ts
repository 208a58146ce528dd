import {
  Envelope,
  IdList,
  MyNoticeQuery,
  MyNoticeVO,
  NoticeDetailVO,
  NoticeForm,
  NoticeFormVO,
  NoticePageQuery,
  NoticeUpdateBody,
  NoticeVO,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import {
  createNotice,
  deleteNotices,
  myNotices,
  noticeDetail,
  noticeForm,
  pageNotices,
  publishNotice,
  readAll,
  revokeNotice,
  unreadCount,
  updateNotice,
} from './service.js';

const tags = ['notice'];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
type IdParams = { id: number };
const perm = (p: string) => ({ perm: `sys:notice:${p}` });
const module = 'notices';

export async function noticeRoutes(app: FastifyInstance, deps: { db: Db; hub: RealtimeHub }) {
  const { db, hub } = deps;

  app.get<{ Querystring: NoticePageQuery }>(
    '/api/v1/notices/page',
    {
      config: { auth: perm('query') },
      schema: {
        tags,
        summary: 'Notices (administration), newest first',
        querystring: NoticePageQuery,
        response: { 200: Envelope(Page(NoticeVO)) },
      },
    },
    async (req) => ok(await pageNotices(db, req.query)),
  );

  app.get<{ Params: IdParams }>(
    '/api/v1/notices/:id/form',
    {
      config: { auth: perm('query') },
      schema: {
        tags,
        summary: 'A notice for its edit form',
        params: IdParams,
        response: { 200: Envelope(NoticeFormVO) },
      },
    },
    async (req) => ok(await noticeForm(db, req.params.id)),
  );

  app.post<{ Body: NoticeForm }>(
    '/api/v1/notices',
    {
      config: { auth: perm('add') },
      schema: {
        tags,
        summary: 'Create a draft notice (HTML sanitised)',
        body: NoticeForm,
        response: { 200: Envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const id = await createNotice(db, currentUser(req), req.body);
      note(req, {
        module,
        action: 'create',
        target: id,
        after: { title: req.body.title, targetType: req.body.targetType },
      });
      return ok(id);
    },
  );

  app.put<{ Params: IdParams; Body: NoticeUpdateBody }>(
    '/api/v1/notices/:id',
    {
      config: { auth: perm('edit') },
      schema: {
        tags,
        summary: 'Edit a draft or revoked notice (optimistic locking by version)',
        params: IdParams,
        body: NoticeUpdateBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await noticeForm(db, req.params.id);
      await updateNotice(db, req.params.id, req.body);
      note(req, {
        module,
        action: 'update',
        target: req.params.id,
        before: { title: before.title, targetType: before.targetType },
        after: { title: req.body.title, targetType: req.body.targetType },
      });
      return ok(null);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/notices/:ids',
    {
      config: { auth: perm('delete') },
      schema: {
        tags,
        summary: 'Delete drafts and revoked notices (several ids, all or nothing)',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteNotices(db, parseIds(req.params.ids));
      note(req, { module, action: 'delete', target: req.params.ids, before: removed });
      return ok(null);
    },
  );

  app.put<{ Params: IdParams }>(
    '/api/v1/notices/:id/publish',
    {
      config: { auth: perm('publish') },
      schema: {
        tags,
        summary: 'Publish: the audience sees it and online users get it live',
        params: IdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const row = await publishNotice(db, hub, currentUser(req), req.params.id);
      note(req, { module, action: 'publish', target: row.id, after: { title: row.title } });
      return ok(null);
    },
  );

  app.put<{ Params: IdParams }>(
    '/api/v1/notices/:id/revoke',
    {
      config: { auth: perm('revoke') },
      schema: {
        tags,
        summary: 'Revoke a published notice',
        params: IdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const row = await revokeNotice(db, hub, req.params.id);
      note(req, { module, action: 'revoke', target: row.id, after: { title: row.title } });
      return ok(null);
    },
  );

  app.get<{ Querystring: MyNoticeQuery }>(
    '/api/v1/notices/my-page',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Published notices aimed at me, with read state',
        querystring: MyNoticeQuery,
        response: { 200: Envelope(Page(MyNoticeVO)) },
      },
    },
    async (req) => ok(await myNotices(db, currentUser(req), req.query)),
  );

  app.get<{ Params: IdParams }>(
    '/api/v1/notices/:id/detail',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Read a notice (marks it read)',
        params: IdParams,
        response: { 200: Envelope(NoticeDetailVO) },
      },
    },
    async (req) => ok(await noticeDetail(db, currentUser(req), req.params.id)),
  );

  app.get(
    '/api/v1/notices/unread-count',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'How many notices aimed at me are unread', response: { 200: Envelope(Type.Integer()) } },
    },
    async (req) => ok(await unreadCount(db, currentUser(req))),
  );

  app.put(
    '/api/v1/notices/read-all',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Mark every notice aimed at me read; answers how many were unread',
        response: { 200: Envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const n = await readAll(db, currentUser(req));
      note(req, { module, action: 'read all', after: { marked: n } });
      return ok(n);
    },
  );
}
