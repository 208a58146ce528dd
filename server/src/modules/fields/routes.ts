import {
  FieldBody,
  FieldExportQuery,
  FieldPageQuery,
  FieldUpdateBody,
  FieldVO,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { createField, deleteFields, exportFields, getField, pageFields, updateField } from './service.js';

const tags = ['base: fields'];

/** Configurable form fields: `base:field:*`. */
export async function fieldRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/fields', tags, params: MeetingIdParams, VO: FieldVO });
  r.list({
    perm: 'base:field:query',
    summary: 'Page of fields',
    query: FieldPageQuery,
    answer: Page(FieldVO),
    run: (q) => pageFields(db, q),
  });
  r.export({
    perm: 'base:field:export',
    summary: 'Fields of the current filter as .xlsx',
    query: FieldExportQuery,
    file: 'fields.xlsx',
    run: (q, req) => exportFields(db, q, req.lang),
  });
  r.form({
    perm: 'base:field:query',
    summary: 'One field for its edit form',
    run: (id) => getField(db, id),
  });
  r.create({
    perm: 'base:field:add',
    summary: 'Create a field',
    body: FieldBody,
    run: (body, req) => createField(db, currentUser(req), body),
  });
  r.update({
    perm: 'base:field:edit',
    summary: 'Update a field (optimistic lock on version)',
    body: FieldUpdateBody,
    run: (id, body, req) => updateField(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'base:field:delete',
    summary: 'Delete fields no nature, meeting or group uses',
    run: (ids, req) => deleteFields(db, currentUser(req), ids),
  });
}
