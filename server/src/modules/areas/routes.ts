import {
  AreaSummaryVO,
  AreaUserBody,
  AreaUserOptionVO,
  AreaUserVO,
  CommitteeOptionQuery,
  MeetingIdQuery,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { note } from '../../plugins/oplog.js';
import { routeKit } from '../../plugins/route-kit.js';
import {
  areaSummary,
  areaUserOptions,
  assignAreaUser,
  exportAreaSummary,
  exportAreaUsers,
  listAreaUsers,
  removeAreaUser,
} from './service.js';

const tags = ['meeting: areas'];

/** Track area users (`meeting:area-user:*`) and the area apply summary (`meeting:area-summary:*`). */
export async function areaRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = routeKit(app, tags);

  r.get('/api/v1/area-users', {
    auth: { perm: 'meeting:area-user:query' },
    summary: 'The area users of a meeting and their areas',
    querystring: MeetingIdQuery,
    answer: Type.Array(AreaUserVO),
    run: (req) => listAreaUsers(db, currentUser(req), req.query.meetingId),
  });

  r.xlsx('/api/v1/area-users/export', {
    auth: { perm: 'meeting:area-user:query' },
    summary: 'The area users of a meeting as .xlsx',
    querystring: MeetingIdQuery,
    run: async (req) => ({
      filename: 'area-users.xlsx',
      bytes: await exportAreaUsers(db, currentUser(req), req.query.meetingId, req.lang),
    }),
  });

  r.get('/api/v1/area-users/options', {
    auth: { perm: 'meeting:area-user:add' },
    summary: 'County and county sub-unit users that can be assigned',
    querystring: CommitteeOptionQuery,
    answer: Type.Array(AreaUserOptionVO),
    run: (req) => areaUserOptions(db, req.query.keywords),
  });

  r.post('/api/v1/area-users', {
    auth: { perm: 'meeting:area-user:add' },
    summary: 'Assign a county (60) or sub-unit (70) user to an area of a meeting',
    body: AreaUserBody,
    answer: AreaUserVO,
    run: async (req) => {
      const after = await assignAreaUser(db, currentUser(req), req.body);
      note(req, { target: req.body.meetingId, after });
      return after;
    },
  });

  r.delete('/api/v1/area-users', {
    auth: { perm: 'meeting:area-user:delete' },
    summary: 'Remove an area assignment (meetingId, userId, areaCodeId in the query)',
    querystring: AreaUserBody,
    answer: Type.Null(),
    run: async (req) => {
      await removeAreaUser(db, currentUser(req), req.query);
      note(req, { target: req.query.meetingId, before: req.query });
      return null;
    },
  });

  r.get('/api/v1/area-summary', {
    auth: { perm: 'meeting:area-summary:query' },
    summary: 'Per area: delegations, athletes, coaches, entries, audit progress (area users: theirs)',
    querystring: MeetingIdQuery,
    answer: AreaSummaryVO,
    run: (req) => areaSummary(db, currentUser(req), req.query.meetingId),
  });

  r.xlsx('/api/v1/area-summary/export', {
    auth: { perm: 'meeting:area-summary:export' },
    summary: 'The area summary as .xlsx',
    querystring: MeetingIdQuery,
    run: async (req) => ({
      filename: 'area-summary.xlsx',
      bytes: await exportAreaSummary(db, currentUser(req), req.query.meetingId, req.lang),
    }),
  });
}
