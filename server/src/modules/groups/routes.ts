import {
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
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import { noteWrite } from '../../plugins/route-kit.js';
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

/** Groups of a meeting with their fields, copy, and group items: `meeting:group:*`. */
export async function groupRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/groups', tags, params: MeetingIdParams, VO: GroupVO });
  r.list({
    perm: ['meeting:group:query', 'meeting:delegation:query'],
    summary: 'Page of the groups of a meeting',
    query: GroupPageQuery,
    answer: Page(GroupVO),
    run: (q, req) => pageGroups(db, currentUser(req), q),
  });
  r.export({
    perm: 'meeting:group:export',
    summary: 'Groups of the current filter as .xlsx',
    query: GroupExportQuery,
    file: 'groups.xlsx',
    run: (q, req) => exportGroups(db, currentUser(req), q, req.lang),
  });

  r.post('/api/v1/groups/copy', {
    auth: { perm: 'meeting:group:copy' },
    summary: "Copy a meeting's groups (all or chosen) with their items and fields to another meeting",
    body: GroupCopyBody,
    answer: GroupCopyResult,
    run: async (req) => {
      const after = await copyGroups(db, currentUser(req), req.body);
      note(req, { target: req.body.toMeetingId, before: req.body, after });
      return after;
    },
  });

  r.form({
    perm: 'meeting:group:query',
    summary: 'One group',
    run: (id, req) => getGroup(db, currentUser(req), id),
  });
  r.create({
    perm: 'meeting:group:add',
    summary: 'Create a group',
    body: GroupBody,
    run: (body, req) => createGroup(db, currentUser(req), body),
  });
  r.update({
    perm: 'meeting:group:edit',
    summary: 'Update a group (optimistic lock on version)',
    body: GroupUpdateBody,
    run: (id, body, req) => updateGroup(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'meeting:group:delete',
    summary: 'Delete groups nothing is registered in',
    run: (ids, req) => deleteGroups(db, currentUser(req), ids),
  });

  r.get('/api/v1/groups/:id/fields', {
    auth: { perm: ['meeting:group:query', 'meeting:delegation:query'] },
    summary: "A group's own extra athlete fields",
    params: MeetingIdParams,
    answer: Type.Array(FieldLinkVO),
    run: (req) => groupFields(db, currentUser(req), req.params.id),
  });

  r.put('/api/v1/groups/:id/fields', {
    auth: { perm: 'meeting:group:edit' },
    summary: "Replace a group's extra athlete fields",
    params: MeetingIdParams,
    body: FieldLinksBody,
    answer: Type.Array(FieldLinkVO),
    run: async (req) =>
      noteWrite(req, req.params.id, await setGroupFields(db, currentUser(req), req.params.id, req.body)),
  });

  // ─── Group items ─────────────────────────────────────────────────────────────────────

  const items = crudRoutes(app, { url: '/api/v1/group-items', tags, params: MeetingIdParams, VO: GroupItemVO });
  items.list({
    perm: ['meeting:group:query', 'meeting:delegation:query'],
    summary: 'The items of a group (groupId) or of every group of a meeting (meetingId)',
    query: GroupItemQuery,
    answer: Type.Array(GroupItemVO),
    run: (q, req) => listGroupItems(db, currentUser(req), q),
  });
  items.export({
    perm: 'meeting:group:export',
    summary: 'Group items of the current filter as .xlsx',
    query: GroupItemQuery,
    file: 'group-items.xlsx',
    run: (q, req) => exportGroupItems(db, currentUser(req), q, req.lang),
  });
  items.form({
    perm: 'meeting:group:query',
    summary: 'One group item',
    run: (id, req) => getGroupItem(db, currentUser(req), id),
  });
  items.create({
    perm: 'meeting:group:edit',
    summary: 'Offer an item in a group (limits, rounds, scoring table, schedule slot)',
    body: GroupItemBody,
    run: (body, req) => createGroupItem(db, currentUser(req), body),
  });
  items.update({
    perm: 'meeting:group:edit',
    summary: 'Update a group item (optimistic lock on version)',
    body: GroupItemUpdateBody,
    run: (id, body, req) => updateGroupItem(db, currentUser(req), id, body),
  });
  items.remove({
    perm: 'meeting:group:edit',
    summary: 'Remove group items nothing is registered in',
    run: (ids, req) => deleteGroupItems(db, currentUser(req), ids),
  });
}
