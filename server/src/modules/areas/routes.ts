import {
  AreaSummaryVO,
  AreaUserBody,
  AreaUserOptionVO,
  AreaUserVO,
  CommitteeOptionQuery,
  Envelope,
  MeetingIdQuery,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx } from '../../lib/excel.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
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

  app.get<{ Querystring: MeetingIdQuery }>(
    '/api/v1/area-users',
    {
      config: { auth: { perm: 'meeting:area-user:query' } },
      schema: {
        tags,
        summary: 'The area users of a meeting and their areas',
        querystring: MeetingIdQuery,
        response: { 200: Envelope(Type.Array(AreaUserVO)) },
      },
    },
    async (req) => ok(await listAreaUsers(db, currentUser(req), req.query.meetingId)),
  );

  app.get<{ Querystring: MeetingIdQuery }>(
    '/api/v1/area-users/export',
    {
      config: { auth: { perm: 'meeting:area-user:query' } },
      schema: { tags, summary: 'The area users of a meeting as .xlsx', querystring: MeetingIdQuery },
    },
    async (req, reply) =>
      sendXlsx(reply, 'area-users.xlsx', await exportAreaUsers(db, currentUser(req), req.query.meetingId, req.lang)),
  );

  app.get<{ Querystring: { keywords?: string } }>(
    '/api/v1/area-users/options',
    {
      config: { auth: { perm: 'meeting:area-user:add' } },
      schema: {
        tags,
        summary: 'County and county sub-unit users that can be assigned',
        querystring: CommitteeOptionQuery,
        response: { 200: Envelope(Type.Array(AreaUserOptionVO)) },
      },
    },
    async (req) => ok(await areaUserOptions(db, req.query.keywords)),
  );

  app.post<{ Body: AreaUserBody }>(
    '/api/v1/area-users',
    {
      config: { auth: { perm: 'meeting:area-user:add' } },
      schema: {
        tags,
        summary: 'Assign a county (60) or sub-unit (70) user to an area of a meeting',
        body: AreaUserBody,
        response: { 200: Envelope(AreaUserVO) },
      },
    },
    async (req) => {
      const after = await assignAreaUser(db, currentUser(req), req.body);
      note(req, { target: req.body.meetingId, after });
      return ok(after);
    },
  );

  app.delete<{ Querystring: AreaUserBody }>(
    '/api/v1/area-users',
    {
      config: { auth: { perm: 'meeting:area-user:delete' } },
      schema: {
        tags,
        summary: 'Remove an area assignment (meetingId, userId, areaCodeId in the query)',
        querystring: AreaUserBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await removeAreaUser(db, currentUser(req), req.query);
      note(req, { target: req.query.meetingId, before: req.query });
      return ok(null);
    },
  );

  app.get<{ Querystring: MeetingIdQuery }>(
    '/api/v1/area-summary',
    {
      config: { auth: { perm: 'meeting:area-summary:query' } },
      schema: {
        tags,
        summary: 'Per area: delegations, athletes, coaches, entries, audit progress (area users: theirs)',
        querystring: MeetingIdQuery,
        response: { 200: Envelope(AreaSummaryVO) },
      },
    },
    async (req) => ok(await areaSummary(db, currentUser(req), req.query.meetingId)),
  );

  app.get<{ Querystring: MeetingIdQuery }>(
    '/api/v1/area-summary/export',
    {
      config: { auth: { perm: 'meeting:area-summary:export' } },
      schema: { tags, summary: 'The area summary as .xlsx', querystring: MeetingIdQuery },
    },
    async (req, reply) =>
      sendXlsx(
        reply,
        'area-summary.xlsx',
        await exportAreaSummary(db, currentUser(req), req.query.meetingId, req.lang),
      ),
  );
}
