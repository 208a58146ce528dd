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
import { crudRoutes } from '../../plugins/crud-routes.js';
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

  const r = crudRoutes(app, { url: '/api/v1/menus', tags, params: IdParams, VO: MenuForm });
  r.list({
    perm: 'sys:menu:query',
    summary: 'The whole menu tree (keywords keep matches and their ancestors)',
    query: MenuQuery,
    answer: Type.Array(MenuVO),
    run: (q) => menuTree(db, q.keywords),
  });

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

  r.form({ perm: ['sys:menu:edit', 'sys:menu:query'], summary: 'A menu’s edit form', run: (id) => menuForm(db, id) });
  r.create({
    perm: 'sys:menu:add',
    summary: 'Create a catalogue, page or button',
    body: MenuBody,
    run: (body) => createMenu(db, body),
    target: (created) => `${created.id} ${created.title}`,
  });
  r.update({
    perm: 'sys:menu:edit',
    summary: 'Update a menu (optimistic locking; never under itself)',
    body: MenuUpdateBody,
    run: (id, body) => updateMenu(db, id, body),
    target: (after) => `${after.id} ${after.title}`,
  });

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
