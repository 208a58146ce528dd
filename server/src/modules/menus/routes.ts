import {
  Envelope,
  IdParams,
  MenuBody,
  MenuForm,
  MenuOptionsQuery,
  MenuQuery,
  MenuUpdateBody,
  MenuVO,
  RouteVO,
  TreeOptionVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { routesFor } from './route-tree.js';
import { createMenu, deleteMenu, menuForm, menuOptions, menuTree, updateMenu } from './service.js';

const tags = ['menu'];
type IdP = { Params: Static<typeof IdParams> };

export async function menuRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get(
    '/api/v1/menus/routes',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's route tree",
        response: { 200: Envelope(Type.Array(RouteVO)) },
      },
    },
    async (req) => ok(await routesFor(db, currentUser(req))),
  );

  app.get<{ Querystring: Static<typeof MenuQuery> }>(
    '/api/v1/menus',
    {
      config: { auth: { perm: 'sys:menu:query' } },
      schema: {
        tags,
        summary: 'The whole menu tree (keywords keep matches and their ancestors)',
        querystring: MenuQuery,
        response: { 200: Envelope(Type.Array(MenuVO)) },
      },
    },
    async (req) => ok(await menuTree(db, req.query.keywords)),
  );

  app.get<{ Querystring: Static<typeof MenuOptionsQuery> }>(
    '/api/v1/menus/options',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Menus as a picker tree; onlyParent=true leaves buttons out',
        querystring: MenuOptionsQuery,
        response: { 200: Envelope(Type.Array(TreeOptionVO)) },
      },
    },
    async (req) => ok(await menuOptions(db, req.query.onlyParent ?? false, req.lang)),
  );

  app.get<IdP>(
    '/api/v1/menus/:id/form',
    {
      config: { auth: { perm: ['sys:menu:edit', 'sys:menu:query'] } },
      schema: { tags, summary: 'A menu’s edit form', params: IdParams, response: { 200: Envelope(MenuForm) } },
    },
    async (req) => ok(await menuForm(db, req.params.id)),
  );

  app.post<{ Body: MenuBody }>(
    '/api/v1/menus',
    {
      config: { auth: { perm: 'sys:menu:add' } },
      schema: {
        tags,
        summary: 'Create a catalogue, page or button',
        body: MenuBody,
        response: { 200: Envelope(MenuForm) },
      },
    },
    async (req) => {
      const created = await createMenu(db, req.body);
      note(req, { target: `${created.id} ${created.title}`, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: MenuUpdateBody }>(
    '/api/v1/menus/:id',
    {
      config: { auth: { perm: 'sys:menu:edit' } },
      schema: {
        tags,
        summary: 'Update a menu (optimistic locking; never under itself)',
        params: IdParams,
        body: MenuUpdateBody,
        response: { 200: Envelope(MenuForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateMenu(db, req.params.id, req.body);
      note(req, { target: `${after.id} ${after.title}`, before, after });
      return ok(after);
    },
  );

  app.delete<IdP>(
    '/api/v1/menus/:id',
    {
      config: { auth: { perm: 'sys:menu:delete' } },
      schema: {
        tags,
        summary: 'Delete a menu with everything below it',
        params: IdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const { before, ids } = await deleteMenu(db, req.params.id);
      note(req, { target: `${before.id} ${before.title}`, before: { ...before, deletedIds: ids } });
      return ok(null);
    },
  );
}
