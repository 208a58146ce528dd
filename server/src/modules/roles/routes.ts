import {
  IdParams,
  Page,
  RoleBody,
  RoleForm,
  RoleMenusBody,
  RoleOptionVO,
  RolePageQuery,
  RoleUpdateBody,
  RoleVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import {
  assignMenus,
  createRole,
  deleteRoles,
  pageRoles,
  roleForm,
  roleMenuIds,
  roleOptions,
  updateRole,
} from './service.js';

const tags = ['roles'];
/** The operation log names a role by its code. */
const named = (role: { code: string }) => role.code;

export async function roleRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/roles', tags, params: IdParams, VO: RoleForm, named });
  r.list({
    path: '/page',
    perm: 'sys:role:query',
    summary: 'Roles, paged',
    query: RolePageQuery,
    answer: Page(RoleVO),
    run: (q) => pageRoles(db, q),
  });

  r.get('/api/v1/roles/options', {
    auth: 'user',
    summary: 'Enabled roles for pickers',
    answer: Type.Array(RoleOptionVO),
    run: (req) => roleOptions(db, currentUser(req), req.lang),
  });

  r.form({
    perm: ['sys:role:edit', 'sys:role:query'],
    summary: 'A role’s edit form',
    run: (id) => roleForm(db, id),
  });
  r.create({
    perm: 'sys:role:add',
    summary: 'Create a role',
    body: RoleBody,
    run: (body) => createRole(db, body),
  });
  r.update({
    perm: 'sys:role:edit',
    summary: 'Update a role (optimistic locking)',
    body: RoleUpdateBody,
    run: (id, body, req) => updateRole(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'sys:role:delete',
    summary: 'Delete roles (not ROOT, not roles held by users)',
    run: (ids) => deleteRoles(db, ids),
  });

  r.get('/api/v1/roles/:id/menuIds', {
    auth: { perm: ['sys:role:assign', 'sys:role:query'] },
    summary: 'Ids of the menus and buttons granted to a role',
    params: IdParams,
    answer: Type.Array(Type.Integer()),
    run: (req) => roleMenuIds(db, req.params.id),
  });

  r.put('/api/v1/roles/:id/menus', {
    auth: { perm: 'sys:role:assign' },
    summary: 'Replace the menus and buttons granted to a role',
    params: IdParams,
    body: RoleMenusBody,
    answer: Type.Array(Type.Integer()),
    run: async (req) => {
      const result = await assignMenus(db, currentUser(req), req.params.id, req.body.menuIds);
      note(req, { target: result.role.code, before: { menuIds: result.before }, after: { menuIds: result.after } });
      return result.after;
    },
  });
}
