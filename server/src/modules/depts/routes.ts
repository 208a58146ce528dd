import { DeptBody, DeptForm, DeptQuery, DeptUpdateBody, DeptVO, IdParams, TreeOptionVO } from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { createDept, deleteDepts, deptForm, deptOptions, deptTree, updateDept } from './service.js';

const tags = ['dept'];
/** The operation log names a department by its id and name (a deletion by the names only). */
const named = (d: { id: number; name: string }) => `${d.id} ${d.name}`;

export async function deptRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/dept', tags, params: IdParams, VO: DeptForm, named });
  r.list({
    perm: 'sys:dept:query',
    summary: 'The department tree (filters keep matches and their ancestors)',
    query: DeptQuery,
    answer: Type.Array(DeptVO),
    run: (q) => deptTree(db, q),
  });

  r.get('/api/v1/dept/options', {
    auth: 'user',
    summary: 'Enabled departments as a picker tree',
    answer: Type.Array(TreeOptionVO),
    run: (req) => deptOptions(db, req.lang),
  });

  r.form({
    perm: ['sys:dept:edit', 'sys:dept:query'],
    summary: 'A department’s edit form',
    run: (id) => deptForm(db, id),
  });
  r.create({
    perm: 'sys:dept:add',
    summary: 'Create a department',
    body: DeptBody,
    run: (body) => createDept(db, body),
  });
  r.update({
    perm: 'sys:dept:edit',
    summary: 'Update a department (optimistic locking; no cycles)',
    body: DeptUpdateBody,
    run: (id, body) => updateDept(db, id, body),
  });
  r.remove({
    perm: 'sys:dept:delete',
    summary: 'Delete departments without sub-departments or users',
    run: (ids) => deleteDepts(db, ids),
    target: (removed) => removed.map((d) => d.name).join(','),
  });
}
