import {
  ItemBody,
  ItemExportQuery,
  ItemPageQuery,
  ItemUpdateBody,
  ItemVO,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
import { createItem, deleteItems, exportItems, getItem, pageItems, updateItem } from './service.js';

const tags = ['base: items'];

/**
 * Items (events) of the standard athletics list: `base:item:*`. Base data shared by every meeting:
 * the committee reads it, the administrators write it (meetings/base-data.ts).
 */
export async function itemRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  const r = crudRoutes(app, { url: '/api/v1/items', tags, params: MeetingIdParams, VO: ItemVO });
  r.list({
    perm: 'base:item:query',
    summary: 'Page of items',
    query: ItemPageQuery,
    answer: Page(ItemVO),
    run: (q) => pageItems(db, q),
  });
  r.export({
    perm: 'base:item:export',
    summary: 'Items of the current filter as .xlsx',
    query: ItemExportQuery,
    file: 'items.xlsx',
    run: (q, req) => exportItems(db, q, req.lang),
  });
  r.form({ perm: 'base:item:query', summary: 'One item for its edit form', run: (id) => getItem(db, id) });
  r.create({
    perm: 'base:item:add',
    summary: 'Create an item',
    body: ItemBody,
    run: (body, req) => createItem(db, currentUser(req), body),
  });
  r.update({
    perm: 'base:item:edit',
    summary: 'Update an item (optimistic lock on version)',
    body: ItemUpdateBody,
    run: (id, body, req) => updateItem(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'base:item:delete',
    summary: 'Delete items no group offers',
    run: (ids, req) => deleteItems(db, currentUser(req), ids),
  });
}
