import {
  Envelope,
  IdList,
  ItemBody,
  ItemExportQuery,
  ItemPageQuery,
  ItemUpdateBody,
  ItemVO,
  MeetingIdParams,
  Page,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import { createItem, deleteItems, exportItems, getItem, pageItems, updateItem } from './service.js';

const tags = ['base: items'];

/**
 * Items (events) of the standard athletics list: `base:item:*`. Base data shared by every meeting:
 * the committee reads it, the administrators write it (meetings/base-data.ts).
 */
export async function itemRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: ItemPageQuery }>(
    '/api/v1/items',
    {
      config: { auth: { perm: 'base:item:query' } },
      schema: { tags, summary: 'Page of items', querystring: ItemPageQuery, response: { 200: Envelope(Page(ItemVO)) } },
    },
    async (req) => ok(await pageItems(db, req.query)),
  );

  app.get<{ Querystring: ItemExportQuery }>(
    '/api/v1/items/export',
    {
      config: { auth: { perm: 'base:item:export' } },
      schema: { tags, summary: 'Items of the current filter as .xlsx', querystring: ItemExportQuery },
    },
    async (req, reply) => sendXlsx(reply, 'items.xlsx', await exportItems(db, req.query, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/items/:id/form',
    {
      config: { auth: { perm: 'base:item:query' } },
      schema: {
        tags,
        summary: 'One item for its edit form',
        params: MeetingIdParams,
        response: { 200: Envelope(ItemVO) },
      },
    },
    async (req) => ok(await getItem(db, req.params.id)),
  );

  app.post<{ Body: ItemBody }>(
    '/api/v1/items',
    {
      config: { auth: { perm: 'base:item:add' } },
      schema: { tags, summary: 'Create an item', body: ItemBody, response: { 200: Envelope(ItemVO) } },
    },
    async (req) => {
      const after = await createItem(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<{ Params: { id: number }; Body: ItemUpdateBody }>(
    '/api/v1/items/:id',
    {
      config: { auth: { perm: 'base:item:edit' } },
      schema: {
        tags,
        summary: 'Update an item (optimistic lock on version)',
        params: MeetingIdParams,
        body: ItemUpdateBody,
        response: { 200: Envelope(ItemVO) },
      },
    },
    async (req) => {
      const { before, after } = await updateItem(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/items/:ids',
    {
      config: { auth: { perm: 'base:item:delete' } },
      schema: {
        tags,
        summary: 'Delete items no group offers',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteItems(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );
}
