import {
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
import { note } from '../../plugins/oplog.js';
import type { RealtimeHub } from '../../plugins/realtime.js';
import { routeKit } from '../../plugins/route-kit.js';
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
const perm = (p: string) => ({ perm: `sys:notice:${p}` });
const module = 'notices';

export async function noticeRoutes(app: FastifyInstance, deps: { db: Db; hub: RealtimeHub }) {
  const { db, hub } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/notices/page', {
    auth: perm('query'),
    summary: 'Notices (administration), newest first',
    querystring: NoticePageQuery,
    answer: Page(NoticeVO),
    run: (req) => pageNotices(db, req.query),
  });

  r.get('/api/v1/notices/:id/form', {
    auth: perm('query'),
    summary: 'A notice for its edit form',
    params: IdParams,
    answer: NoticeFormVO,
    run: (req) => noticeForm(db, req.params.id),
  });

  r.post('/api/v1/notices', {
    auth: perm('add'),
    summary: 'Create a draft notice (HTML sanitised)',
    body: NoticeForm,
    answer: Type.Integer(),
    run: async (req) => {
      const id = await createNotice(db, currentUser(req), req.body);
      note(req, {
        module,
        action: 'create',
        target: id,
        after: { title: req.body.title, targetType: req.body.targetType },
      });
      return id;
    },
  });

  r.put('/api/v1/notices/:id', {
    auth: perm('edit'),
    summary: 'Edit a draft or revoked notice (optimistic locking by version)',
    params: IdParams,
    body: NoticeUpdateBody,
    answer: Type.Null(),
    run: async (req) => {
      const before = await noticeForm(db, req.params.id);
      await updateNotice(db, req.params.id, req.body);
      note(req, {
        module,
        action: 'update',
        target: req.params.id,
        before: { title: before.title, targetType: before.targetType },
        after: { title: req.body.title, targetType: req.body.targetType },
      });
      return null;
    },
  });

  r.delete('/api/v1/notices/:ids', {
    auth: perm('delete'),
    summary: 'Delete drafts and revoked notices (several ids, all or nothing)',
    params: Type.Object({ ids: IdList }),
    answer: Type.Null(),
    run: async (req) => {
      const removed = await deleteNotices(db, parseIds(req.params.ids));
      note(req, { module, action: 'delete', target: req.params.ids, before: removed });
      return null;
    },
  });

  r.put('/api/v1/notices/:id/publish', {
    auth: perm('publish'),
    summary: 'Publish: the audience sees it and online users get it live',
    params: IdParams,
    answer: Type.Null(),
    run: async (req) => {
      const row = await publishNotice(db, hub, currentUser(req), req.params.id);
      note(req, { module, action: 'publish', target: row.id, after: { title: row.title } });
      return null;
    },
  });

  r.put('/api/v1/notices/:id/revoke', {
    auth: perm('revoke'),
    summary: 'Revoke a published notice',
    params: IdParams,
    answer: Type.Null(),
    run: async (req) => {
      const row = await revokeNotice(db, hub, req.params.id);
      note(req, { module, action: 'revoke', target: row.id, after: { title: row.title } });
      return null;
    },
  });

  r.get('/api/v1/notices/my-page', {
    auth: 'user',
    summary: 'Published notices aimed at me, with read state',
    querystring: MyNoticeQuery,
    answer: Page(MyNoticeVO),
    run: (req) => myNotices(db, currentUser(req), req.query),
  });

  r.get('/api/v1/notices/:id/detail', {
    auth: 'user',
    summary: 'Read a notice (marks it read)',
    params: IdParams,
    answer: NoticeDetailVO,
    run: (req) => noticeDetail(db, currentUser(req), req.params.id),
  });

  r.get('/api/v1/notices/unread-count', {
    auth: 'user',
    summary: 'How many notices aimed at me are unread',
    answer: Type.Integer(),
    run: (req) => unreadCount(db, currentUser(req)),
  });

  r.put('/api/v1/notices/read-all', {
    auth: 'user',
    summary: 'Mark every notice aimed at me read; answers how many were unread',
    answer: Type.Integer(),
    run: async (req) => {
      const n = await readAll(db, currentUser(req));
      note(req, { module, action: 'read all', after: { marked: n } });
      return n;
    },
  });
}
