import type {
  MyNoticeQuery,
  MyNoticeVO,
  NoticeDetailVO,
  NoticeForm,
  NoticeFormVO,
  NoticePageQuery,
  NoticeUpdateBody,
  NoticeVO,
  OptionVO,
  RoleVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type PageResult, pageApi, request } from './request';

const BASE = '/api/v1/notices';

/* ---- administration (sys:notice:*) ---- */

export const pageNotices = pageApi<NoticeVO, Partial<NoticePageQuery>>(`${BASE}/page`);

export const getNoticeForm = (id: number) => request<NoticeFormVO>({ url: `${BASE}/${id}/form`, method: 'get' });

export const createNotice = (data: NoticeForm) => request<number>({ url: BASE, method: 'post', data });

export const updateNotice = (id: number, data: NoticeUpdateBody) =>
  request<null>({ url: `${BASE}/${id}`, method: 'put', data });

export const deleteNotices = (ids: number[]) => request<null>({ url: `${BASE}/${ids.join(',')}`, method: 'delete' });

export const publishNotice = (id: number) => request<null>({ url: `${BASE}/${id}/publish`, method: 'put' });

export const revokeNotice = (id: number) => request<null>({ url: `${BASE}/${id}/revoke`, method: 'put' });

/* ---- mine (any signed-in user) ---- */

export const myNotices = pageApi<MyNoticeVO, Partial<MyNoticeQuery>>(`${BASE}/my-page`);

/** Reading a notice marks it read. */
export const getNoticeDetail = (id: number) => request<NoticeDetailVO>({ url: `${BASE}/${id}/detail`, method: 'get' });

export const getUnreadCount = () => request<number>({ url: `${BASE}/unread-count`, method: 'get' });

export const readAllNotices = () => request<number>({ url: `${BASE}/read-all`, method: 'put' });

/* ---- audience pickers ---- */

export const userOptions = () => request<OptionVO[]>({ url: '/api/v1/users/options', method: 'get' });

/**
 * Notices target roles by CODE, while `/roles/options` answers ids: the role page (which has the
 * codes) is read instead. It needs `sys:role:query`; callers check before asking.
 */
export const roleCodeOptions = () =>
  request<PageResult<RoleVO>>({ url: '/api/v1/roles/page', method: 'get', params: { pageNum: 1, pageSize: 500 } }).then(
    (page) => page.list.filter((r) => r.status === 1),
  );

/* ---- queries ---- */

export const noticeQueries = {
  all: ['notice'] as const,
  /** The administration list (CrudTable's key prefix). */
  list: () => [...noticeQueries.all, 'list'] as const,
  /** What the signed-in user received: the bell's count and latest, the my-notices list; refetched together. */
  inbox: () => [...noticeQueries.all, 'inbox'] as const,
  unreadCount: () =>
    queryOptions({ queryKey: [...noticeQueries.inbox(), 'unread-count'], queryFn: getUnreadCount, staleTime: 60_000 }),
  latestUnread: () =>
    queryOptions({
      queryKey: [...noticeQueries.inbox(), 'latest-unread'],
      queryFn: () => myNotices({ pageNum: 1, pageSize: 5, isRead: 0 }),
    }),
  mine: (params: Partial<MyNoticeQuery>) =>
    queryOptions({ queryKey: [...noticeQueries.inbox(), 'mine', params], queryFn: () => myNotices(params) }),
  /** One notice as its reader sees it (reading it marks it read: always asked afresh). */
  detail: (id: number | null) =>
    queryOptions({ queryKey: [...noticeQueries.all, 'detail', id], queryFn: () => getNoticeDetail(id!), staleTime: 0 }),
  form: (id: number | null | undefined) =>
    queryOptions({ queryKey: [...noticeQueries.all, 'form', id], queryFn: () => getNoticeForm(id!), staleTime: 0 }),
  roleCodes: () => queryOptions({ queryKey: [...noticeQueries.all, 'role-codes'], queryFn: roleCodeOptions }),
  userOptions: () => queryOptions({ queryKey: [...noticeQueries.all, 'user-options'], queryFn: userOptions }),
};
