import {
  Envelope,
  IdList,
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
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
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
const IdsParams = Type.Object({ ids: IdList });
type IdP = { Params: Static<typeof IdParams> };

export async function roleRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: RolePageQuery }>(
    '/api/v1/roles/page',
    {
      config: { auth: { perm: 'sys:role:query' } },
      schema: {
        tags,
        summary: 'Roles, paged',
        querystring: RolePageQuery,
        response: { 200: Envelope(Page(RoleVO)) },
      },
    },
    async (req) => ok(await pageRoles(db, req.query)),
  );

  app.get(
    '/api/v1/roles/options',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Enabled roles for pickers', response: { 200: Envelope(Type.Array(RoleOptionVO)) } },
    },
    async (req) => ok(await roleOptions(db, currentUser(req), req.lang)),
  );

  app.get<IdP>(
    '/api/v1/roles/:id/form',
    {
      config: { auth: { perm: ['sys:role:edit', 'sys:role:query'] } },
      schema: { tags, summary: 'A role’s edit form', params: IdParams, response: { 200: Envelope(RoleForm) } },
    },
    async (req) => ok(await roleForm(db, req.params.id)),
  );

  app.post<{ Body: RoleBody }>(
    '/api/v1/roles',
    {
      config: { auth: { perm: 'sys:role:add' } },
      schema: { tags, summary: 'Create a role', body: RoleBody, response: { 200: Envelope(RoleForm) } },
    },
    async (req) => {
      const created = await createRole(db, req.body);
      note(req, { target: created.code, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: RoleUpdateBody }>(
    '/api/v1/roles/:id',
    {
      config: { auth: { perm: 'sys:role:edit' } },
      schema: {
        tags,
        summary: 'Update a role (optimistic locking)',
        params: IdParams,
        body: RoleUpdateBody,
        response: { 200: Envelope(RoleForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateRole(db, currentUser(req), req.params.id, req.body);
      note(req, { target: after.code, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: Static<typeof IdsParams> }>(
    '/api/v1/roles/:ids',
    {
      config: { auth: { perm: 'sys:role:delete' } },
      schema: {
        tags,
        summary: 'Delete roles (not ROOT, not roles held by users)',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteRoles(db, parseIds(req.params.ids));
      note(req, { target: removed.map((r) => r.code).join(','), before: removed });
      return ok(null);
    },
  );

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
