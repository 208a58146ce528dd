import {
  DeptBody,
  DeptForm,
  DeptQuery,
  DeptUpdateBody,
  DeptVO,
  Envelope,
  IdList,
  IdParams,
  TreeOptionVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { parseIds } from '../../lib/paging.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { createDept, deleteDepts, deptForm, deptOptions, deptTree, updateDept } from './service.js';

const tags = ['dept'];
const IdsParams = Type.Object({ ids: IdList });
type IdP = { Params: Static<typeof IdParams> };

export async function deptRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: Static<typeof DeptQuery> }>(
    '/api/v1/dept',
    {
      config: { auth: { perm: 'sys:dept:query' } },
      schema: {
        tags,
        summary: 'The department tree (filters keep matches and their ancestors)',
        querystring: DeptQuery,
        response: { 200: Envelope(Type.Array(DeptVO)) },
      },
    },
    async (req) => ok(await deptTree(db, req.query)),
  );

  app.get(
    '/api/v1/dept/options',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Enabled departments as a picker tree',
        response: { 200: Envelope(Type.Array(TreeOptionVO)) },
      },
    },
    async (req) => ok(await deptOptions(db, req.lang)),
  );

  app.get<IdP>(
    '/api/v1/dept/:id/form',
    {
      config: { auth: { perm: ['sys:dept:edit', 'sys:dept:query'] } },
      schema: { tags, summary: 'A department’s edit form', params: IdParams, response: { 200: Envelope(DeptForm) } },
    },
    async (req) => ok(await deptForm(db, req.params.id)),
  );

  app.post<{ Body: DeptBody }>(
    '/api/v1/dept',
    {
      config: { auth: { perm: 'sys:dept:add' } },
      schema: { tags, summary: 'Create a department', body: DeptBody, response: { 200: Envelope(DeptForm) } },
    },
    async (req) => {
      const created = await createDept(db, req.body);
      note(req, { target: `${created.id} ${created.name}`, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: DeptUpdateBody }>(
    '/api/v1/dept/:id',
    {
      config: { auth: { perm: 'sys:dept:edit' } },
      schema: {
        tags,
        summary: 'Update a department (optimistic locking; no cycles)',
        params: IdParams,
        body: DeptUpdateBody,
        response: { 200: Envelope(DeptForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateDept(db, req.params.id, req.body);
      note(req, { target: `${after.id} ${after.name}`, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: Static<typeof IdsParams> }>(
    '/api/v1/dept/:ids',
    {
      config: { auth: { perm: 'sys:dept:delete' } },
      schema: {
        tags,
        summary: 'Delete departments without sub-departments or users',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteDepts(db, parseIds(req.params.ids));
      note(req, { target: removed.map((d) => d.name).join(','), before: removed });
      return ok(null);
    },
  );
}
