import {
  FieldLinksBody,
  FieldLinkVO,
  FieldTargetQuery,
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
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { noteWrite } from '../../plugins/route-kit.js';
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

  const r = crudRoutes(app, { url: '/api/v1/natures', tags, params: MeetingIdParams, VO: NatureVO });
  r.list({
    perm: ['meeting:nature:query', 'meeting:trackmeet:add', 'meeting:trackmeet:edit'],
    summary: 'Page of natures',
    query: NaturePageQuery,
    answer: Page(NatureVO),
    run: (q) => pageNatures(db, q),
  });
  r.export({
    perm: 'meeting:nature:export',
    summary: 'Natures of the current filter as .xlsx',
    query: NaturePageQuery,
    file: 'natures.xlsx',
    run: (q, req) => exportNatures(db, q, req.lang),
  });
  r.form({ perm: 'meeting:nature:query', summary: 'One nature', run: (id) => getNature(db, id) });
  r.create({
    perm: 'meeting:nature:add',
    summary: 'Create a nature',
    body: NatureBody,
    run: (body, req) => createNature(db, currentUser(req), body),
  });
  r.update({
    perm: 'meeting:nature:edit',
    summary: 'Update a nature (optimistic lock on version)',
    body: NatureUpdateBody,
    run: (id, body, req) => updateNature(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'meeting:nature:delete',
    summary: 'Delete natures no meeting uses',
    run: (ids, req) => deleteNatures(db, currentUser(req), ids),
  });

  r.get('/api/v1/natures/:id/fields', {
    auth: { perm: ['meeting:nature:query', 'meeting:trackmeet:add'] },
    summary: "A nature's default fields (optionally of one target)",
    params: MeetingIdParams,
    querystring: FieldTargetQuery,
    answer: Type.Array(FieldLinkVO),
    run: (req) => natureFields(db, req.params.id, req.query.target),
  });

  r.put('/api/v1/natures/:id/fields', {
    auth: { perm: 'meeting:nature:edit' },
    summary: "Replace a nature's fields (with ?target=, only that target's)",
    params: MeetingIdParams,
    querystring: FieldTargetQuery,
    body: FieldLinksBody,
    answer: Type.Array(FieldLinkVO),
    run: async (req) =>
      noteWrite(
        req,
        req.params.id,
        await setNatureFields(db, currentUser(req), req.params.id, req.body, req.query.target),
      ),
  });
}
