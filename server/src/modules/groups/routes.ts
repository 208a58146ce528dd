import {
  Envelope,
  FieldLinksBody,
  FieldLinkVO,
  GroupBody,
  GroupCopyBody,
  GroupCopyResult,
  GroupExportQuery,
  GroupItemBody,
  GroupItemQuery,
  GroupItemUpdateBody,
  GroupItemVO,
  GroupPageQuery,
  GroupUpdateBody,
  GroupVO,
  IdList,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { copyGroups } from './copy.js';
import {
  createGroupItem,
  deleteGroupItems,
  exportGroupItems,
  getGroupItem,
  listGroupItems,
  updateGroupItem,
} from './items.js';
import {
  createGroup,
  deleteGroups,
  exportGroups,
  getGroup,
  groupFields,
  pageGroups,
  setGroupFields,
  updateGroup,
} from './service.js';

const tags = ['meeting: groups'];
type IdP = { Params: { id: number } };
type IdsP = { Params: { ids: string } };
const IdsParams = Type.Object({ ids: IdList });

/** Groups of a meeting with their fields, copy, and group items: `meeting:group:*`. */
export async function groupRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: GroupPageQuery }>(
    '/api/v1/groups',
    {
      config: { auth: { perm: ['meeting:group:query', 'meeting:delegation:query'] } },
      schema: {
        tags,
        summary: 'Page of the groups of a meeting',
        querystring: GroupPageQuery,
        response: { 200: Envelope(Page(GroupVO)) },
      },
    },
    async (req) => ok(await pageGroups(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: GroupExportQuery }>(
    '/api/v1/groups/export',
    {
      config: { auth: { perm: 'meeting:group:export' } },
      schema: { tags, summary: 'Groups of the current filter as .xlsx', querystring: GroupExportQuery },
    },
    async (req, reply) => sendXlsx(reply, 'groups.xlsx', await exportGroups(db, currentUser(req), req.query, req.lang)),
  );

  app.post<{ Body: GroupCopyBody }>(
    '/api/v1/groups/copy',
    {
      config: { auth: { perm: 'meeting:group:copy' } },
      schema: {
        tags,
        summary: "Copy a meeting's groups (all or chosen) with their items and fields to another meeting",
        body: GroupCopyBody,
        response: { 200: Envelope(GroupCopyResult) },
      },
    },
    async (req) => {
      const after = await copyGroups(db, currentUser(req), req.body);
      note(req, { target: req.body.toMeetingId, before: req.body, after });
      return ok(after);
    },
  );

  app.get<IdP>(
    '/api/v1/groups/:id/form',
    {
      config: { auth: { perm: 'meeting:group:query' } },
      schema: { tags, summary: 'One group', params: MeetingIdParams, response: { 200: Envelope(GroupVO) } },
    },
    async (req) => ok(await getGroup(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: GroupBody }>(
    '/api/v1/groups',
    {
      config: { auth: { perm: 'meeting:group:add' } },
      schema: { tags, summary: 'Create a group', body: GroupBody, response: { 200: Envelope(GroupVO) } },
    },
    async (req) => {
      const after = await createGroup(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<IdP & { Body: GroupUpdateBody }>(
    '/api/v1/groups/:id',
    {
      config: { auth: { perm: 'meeting:group:edit' } },
      schema: {
        tags,
        summary: 'Update a group (optimistic lock on version)',
        params: MeetingIdParams,
        body: GroupUpdateBody,
        response: { 200: Envelope(GroupVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateGroup(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/groups/:ids',
    {
      config: { auth: { perm: 'meeting:group:delete' } },
      schema: {
        tags,
        summary: 'Delete groups nothing is registered in',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteGroups(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );

  app.get<IdP>(
    '/api/v1/groups/:id/fields',
    {
      config: { auth: { perm: ['meeting:group:query', 'meeting:delegation:query'] } },
      schema: {
        tags,
        summary: "A group's own extra athlete fields",
        params: MeetingIdParams,
        response: { 200: Envelope(Type.Array(FieldLinkVO)) },
      },
    },
    async (req) => ok(await groupFields(db, currentUser(req), req.params.id)),
  );

  app.put<IdP & { Body: FieldLinksBody }>(
    '/api/v1/groups/:id/fields',
    {
      config: { auth: { perm: 'meeting:group:edit' } },
      schema: {
        tags,
        summary: "Replace a group's extra athlete fields",
        params: MeetingIdParams,
        body: FieldLinksBody,
        response: { 200: Envelope(Type.Array(FieldLinkVO)) },
      },
    },
    async (req) => {
      const { before, after } = await setGroupFields(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  // ─── Group items ─────────────────────────────────────────────────────────────────────

  app.get<{ Querystring: GroupItemQuery }>(
    '/api/v1/group-items',
    {
      config: { auth: { perm: ['meeting:group:query', 'meeting:delegation:query'] } },
      schema: {
        tags,
        summary: 'The items of a group (groupId) or of every group of a meeting (meetingId)',
        querystring: GroupItemQuery,
        response: { 200: Envelope(Type.Array(GroupItemVO)) },
      },
    },
    async (req) => ok(await listGroupItems(db, currentUser(req), req.query)),
  );

  app.get<{ Querystring: GroupItemQuery }>(
    '/api/v1/group-items/export',
    {
      config: { auth: { perm: 'meeting:group:export' } },
      schema: { tags, summary: 'Group items of the current filter as .xlsx', querystring: GroupItemQuery },
    },
    async (req, reply) =>
      sendXlsx(reply, 'group-items.xlsx', await exportGroupItems(db, currentUser(req), req.query, req.lang)),
  );

  app.get<IdP>(
    '/api/v1/group-items/:id/form',
    {
      config: { auth: { perm: 'meeting:group:query' } },
      schema: { tags, summary: 'One group item', params: MeetingIdParams, response: { 200: Envelope(GroupItemVO) } },
    },
    async (req) => ok(await getGroupItem(db, currentUser(req), req.params.id)),
  );

  app.post<{ Body: GroupItemBody }>(
    '/api/v1/group-items',
    {
      config: { auth: { perm: 'meeting:group:edit' } },
      schema: {
        tags,
        summary: 'Offer an item in a group (limits, rounds, scoring table, schedule slot)',
        body: GroupItemBody,
        response: { 200: Envelope(GroupItemVO) },
      },
    },
    async (req) => {
      const after = await createGroupItem(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<IdP & { Body: GroupItemUpdateBody }>(
    '/api/v1/group-items/:id',
    {
      config: { auth: { perm: 'meeting:group:edit' } },
      schema: {
        tags,
        summary: 'Update a group item (optimistic lock on version)',
        params: MeetingIdParams,
        body: GroupItemUpdateBody,
        response: { 200: Envelope(GroupItemVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateGroupItem(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<IdsP>(
    '/api/v1/group-items/:ids',
    {
      config: { auth: { perm: 'meeting:group:edit' } },
      schema: {
        tags,
        summary: 'Remove group items nothing is registered in',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteGroupItems(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );
}
