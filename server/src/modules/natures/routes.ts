import {
  Envelope,
  FieldLinksBody,
  FieldLinkVO,
  FieldTargetQuery,
  IdList,
  MeetingIdParams,
  NatureBody,
  NaturePageQuery,
  NatureUpdateBody,
  NatureVO,
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
import {
  createNature,
  deleteNatures,
  exportNatures,
  getNature,
  natureFields,
  pageNatures,
  setNatureFields,
  updateNature,
} from './service.js';

const tags = ['meeting: natures'];

/**
 * Natures (kinds of meeting) with their default fields: `meeting:nature:*`. Base data shared by
 * every meeting: the committee reads it (and picks a nature for its meetings), the administrators
 * write it (meetings/base-data.ts).
 */
export async function natureRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: NaturePageQuery }>(
    '/api/v1/natures',
    {
      config: { auth: { perm: ['meeting:nature:query', 'meeting:trackmeet:add', 'meeting:trackmeet:edit'] } },
      schema: {
        tags,
        summary: 'Page of natures',
        querystring: NaturePageQuery,
        response: { 200: Envelope(Page(NatureVO)) },
      },
    },
    async (req) => ok(await pageNatures(db, req.query)),
  );

  app.get<{ Querystring: NaturePageQuery }>(
    '/api/v1/natures/export',
    {
      config: { auth: { perm: 'meeting:nature:export' } },
      schema: { tags, summary: 'Natures of the current filter as .xlsx', querystring: NaturePageQuery },
    },
    async (req, reply) => sendXlsx(reply, 'natures.xlsx', await exportNatures(db, req.query, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/natures/:id/form',
    {
      config: { auth: { perm: 'meeting:nature:query' } },
      schema: { tags, summary: 'One nature', params: MeetingIdParams, response: { 200: Envelope(NatureVO) } },
    },
    async (req) => ok(await getNature(db, req.params.id)),
  );

  app.post<{ Body: NatureBody }>(
    '/api/v1/natures',
    {
      config: { auth: { perm: 'meeting:nature:add' } },
      schema: { tags, summary: 'Create a nature', body: NatureBody, response: { 200: Envelope(NatureVO) } },
    },
    async (req) => {
      const after = await createNature(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<{ Params: { id: number }; Body: NatureUpdateBody }>(
    '/api/v1/natures/:id',
    {
      config: { auth: { perm: 'meeting:nature:edit' } },
      schema: {
        tags,
        summary: 'Update a nature (optimistic lock on version)',
        params: MeetingIdParams,
        body: NatureUpdateBody,
        response: { 200: Envelope(NatureVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateNature(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/natures/:ids',
    {
      config: { auth: { perm: 'meeting:nature:delete' } },
      schema: {
        tags,
        summary: 'Delete natures no meeting uses',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteNatures(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );

  app.get<{ Params: { id: number }; Querystring: FieldTargetQuery }>(
    '/api/v1/natures/:id/fields',
    {
      config: { auth: { perm: ['meeting:nature:query', 'meeting:trackmeet:add'] } },
      schema: {
        tags,
        summary: "A nature's default fields (optionally of one target)",
        params: MeetingIdParams,
        querystring: FieldTargetQuery,
        response: { 200: Envelope(Type.Array(FieldLinkVO)) },
      },
    },
    async (req) => ok(await natureFields(db, req.params.id, req.query.target)),
  );

  app.put<{ Params: { id: number }; Querystring: FieldTargetQuery; Body: FieldLinksBody }>(
    '/api/v1/natures/:id/fields',
    {
      config: { auth: { perm: 'meeting:nature:edit' } },
      schema: {
        tags,
        summary: "Replace a nature's fields (with ?target=, only that target's)",
        params: MeetingIdParams,
        querystring: FieldTargetQuery,
        body: FieldLinksBody,
        response: { 200: Envelope(Type.Array(FieldLinkVO)) },
      },
    },
    async (req) => {
      const { before, after } = await setNatureFields(db, currentUser(req), req.params.id, req.body, req.query.target);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );
}
