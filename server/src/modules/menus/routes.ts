import {
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
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { note } from '../../plugins/oplog.js';
import { routesFor } from './route-tree.js';
import { createMenu, deleteMenu, menuForm, menuOptions, menuTree, updateMenu } from './service.js';

const tags = ['menu'];
/** The operation log names a menu by its id and title. */
const named = (m: { id: number; title: string }) => `${m.id} ${m.title}`;

export async function menuRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  const r = crudRoutes(app, { url: '/api/v1/menus', tags, params: IdParams, VO: MenuForm, named });

  r.get('/api/v1/menus/routes', {
    auth: 'user',
    summary: "The signed-in user's route tree",
    answer: Type.Array(RouteVO),
    run: (req) => routesFor(db, currentUser(req)),
  });

  r.list({
    perm: 'sys:menu:query',
    summary: 'The whole menu tree (keywords keep matches and their ancestors)',
    query: MenuQuery,
    answer: Type.Array(MenuVO),
    run: (q) => menuTree(db, q.keywords),
  });

  r.get('/api/v1/menus/options', {
    auth: 'user',
    summary: 'Menus as a picker tree; onlyParent=true leaves buttons out',
    querystring: MenuOptionsQuery,
    answer: Type.Array(TreeOptionVO),
    run: (req) => menuOptions(db, req.query.onlyParent ?? false, req.lang),
  });

  r.form({ perm: ['sys:menu:edit', 'sys:menu:query'], summary: 'A menu’s edit form', run: (id) => menuForm(db, id) });
  r.create({
    perm: 'sys:menu:add',
    summary: 'Create a catalogue, page or button',
    body: MenuBody,
    run: (body) => createMenu(db, body),
  });
  r.update({
    perm: 'sys:menu:edit',
    summary: 'Update a menu (optimistic locking; never under itself)',
    body: MenuUpdateBody,
    run: (id, body) => updateMenu(db, id, body),
  });

  r.delete('/api/v1/menus/:id', {
    auth: { perm: 'sys:menu:delete' },
    summary: 'Delete a menu with everything below it',
    params: IdParams,
    answer: Type.Null(),
    run: async (req) => {
      const { before, ids } = await deleteMenu(db, req.params.id);
      note(req, { target: named(before), before: { ...before, deletedIds: ids } });
      return null;
    },
  });
}
