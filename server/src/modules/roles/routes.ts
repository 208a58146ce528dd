import {
  Envelope,
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
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { ok } from '../../plugins/envelope.js';
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
type IdP = { Params: Static<typeof IdParams> };

export async function roleRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/roles', tags, params: IdParams, VO: RoleForm });
  r.list({
    path: '/page',
    perm: 'sys:role:query',
    summary: 'Roles, paged',
    query: RolePageQuery,
    answer: Page(RoleVO),
    run: (q) => pageRoles(db, q),
  });

  app.get(
    '/api/v1/roles/options',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Enabled roles for pickers', response: { 200: Envelope(Type.Array(RoleOptionVO)) } },
    },
    async (req) => ok(await roleOptions(db, currentUser(req), req.lang)),
  );

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
    target: (created) => created.code,
  });
  r.update({
    perm: 'sys:role:edit',
    summary: 'Update a role (optimistic locking)',
    body: RoleUpdateBody,
    run: (id, body, req) => updateRole(db, currentUser(req), id, body),
    target: (after) => after.code,
  });
  r.remove({
    perm: 'sys:role:delete',
    summary: 'Delete roles (not ROOT, not roles held by users)',
    run: (ids) => deleteRoles(db, ids),
    target: (removed) => removed.map((role) => role.code).join(','),
  });

  app.get<IdP>(
    '/api/v1/roles/:id/menuIds',
    {
      config: { auth: { perm: ['sys:role:assign', 'sys:role:query'] } },
      schema: {
        tags,
        summary: 'Ids of the menus and buttons granted to a role',
        params: IdParams,
        response: { 200: Envelope(Type.Array(Type.Integer())) },
      },
    },
    async (req) => ok(await roleMenuIds(db, req.params.id)),
  );

  app.put<IdP & { Body: RoleMenusBody }>(
    '/api/v1/roles/:id/menus',
    {
      config: { auth: { perm: 'sys:role:assign' } },
      schema: {
        tags,
        summary: 'Replace the menus and buttons granted to a role',
        params: IdParams,
        body: RoleMenusBody,
        response: { 200: Envelope(Type.Array(Type.Integer())) },
      },
    },
    async (req) => {
      const result = await assignMenus(db, currentUser(req), req.params.id, req.body.menuIds);
      note(req, { target: result.role.code, before: { menuIds: result.before }, after: { menuIds: result.after } });
      return ok(result.after);
    },
  );
}
