import {
  Envelope,
  FieldBody,
  FieldExportQuery,
  FieldPageQuery,
  FieldUpdateBody,
  FieldVO,
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
import { createField, deleteFields, exportFields, getField, pageFields, updateField } from './service.js';

const tags = ['base: fields'];

/** Configurable form fields: `base:field:*`. */
export async function fieldRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: FieldPageQuery }>(
    '/api/v1/fields',
    {
      config: { auth: { perm: 'base:field:query' } },
      schema: {
        tags,
        summary: 'Page of fields',
        querystring: FieldPageQuery,
        response: { 200: Envelope(Page(FieldVO)) },
      },
    },
    async (req) => ok(await pageFields(db, req.query)),
  );

  app.get<{ Querystring: FieldExportQuery }>(
    '/api/v1/fields/export',
    {
      config: { auth: { perm: 'base:field:export' } },
      schema: { tags, summary: 'Fields of the current filter as .xlsx', querystring: FieldExportQuery },
    },
    async (req, reply) => sendXlsx(reply, 'fields.xlsx', await exportFields(db, req.query, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/fields/:id/form',
    {
      config: { auth: { perm: 'base:field:query' } },
      schema: {
        tags,
        summary: 'One field for its edit form',
        params: MeetingIdParams,
        response: { 200: Envelope(FieldVO) },
      },
    },
    async (req) => ok(await getField(db, req.params.id)),
  );

  app.post<{ Body: FieldBody }>(
    '/api/v1/fields',
    {
      config: { auth: { perm: 'base:field:add' } },
      schema: { tags, summary: 'Create a field', body: FieldBody, response: { 200: Envelope(FieldVO) } },
    },
    async (req) => {
      const after = await createField(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<{ Params: { id: number }; Body: FieldUpdateBody }>(
    '/api/v1/fields/:id',
    {
      config: { auth: { perm: 'base:field:edit' } },
      schema: {
        tags,
        summary: 'Update a field (optimistic lock on version)',
        params: MeetingIdParams,
        body: FieldUpdateBody,
        response: { 200: Envelope(FieldVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateField(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/fields/:ids',
    {
      config: { auth: { perm: 'base:field:delete' } },
      schema: {
        tags,
        summary: 'Delete fields no nature, meeting or group uses',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteFields(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );
}
