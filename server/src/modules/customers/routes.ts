import {
  CustomerBody,
  CustomerForm,
  CustomerQuery,
  CustomerUpdateBody,
  CustomerVO,
  Envelope,
  IdList,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { sendXlsx } from '../../lib/excel.js';
import { parseIds } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import {
  createCustomer,
  customerTree,
  deleteCustomers,
  exportCustomers,
  getCustomer,
  updateCustomer,
} from './service.js';

const tags = ['base: customers'];

/**
 * Customers (schools, clubs) as a tree with sub-customers and contacts: `base:customer:*`. Base data
 * shared by every meeting (delegations are made from them): the committee reads it, the
 * administrators write it (meetings/base-data.ts).
 */
export async function customerRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  app.get<{ Querystring: CustomerQuery }>(
    '/api/v1/customers',
    {
      // The "choose delegation" dialog picks customers from this tree too.
      config: { auth: { perm: ['base:customer:query', 'meeting:delegation:add'] } },
      schema: {
        tags,
        summary: 'The customer tree (filters keep matches and their ancestors)',
        querystring: CustomerQuery,
        response: { 200: Envelope(Type.Array(CustomerVO)) },
      },
    },
    async (req) => ok(await customerTree(db, req.query)),
  );

  app.get<{ Querystring: CustomerQuery }>(
    '/api/v1/customers/export',
    {
      config: { auth: { perm: 'base:customer:export' } },
      schema: { tags, summary: 'Customers of the current filter as .xlsx', querystring: CustomerQuery },
    },
    async (req, reply) => sendXlsx(reply, 'customers.xlsx', await exportCustomers(db, req.query, req.lang)),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/customers/:id/form',
    {
      config: { auth: { perm: 'base:customer:query' } },
      schema: { tags, summary: 'One customer', params: MeetingIdParams, response: { 200: Envelope(CustomerForm) } },
    },
    async (req) => ok(await getCustomer(db, req.params.id)),
  );

  app.post<{ Body: CustomerBody }>(
    '/api/v1/customers',
    {
      config: { auth: { perm: 'base:customer:add' } },
      schema: { tags, summary: 'Create a customer', body: CustomerBody, response: { 200: Envelope(CustomerForm) } },
    },
    async (req) => {
      const after = await createCustomer(db, currentUser(req), req.body);
      note(req, { target: after.id, after });
      return ok(after);
    },
  );

  app.put<{ Params: { id: number }; Body: CustomerUpdateBody }>(
    '/api/v1/customers/:id',
    {
      config: { auth: { perm: 'base:customer:edit' } },
      schema: {
        tags,
        summary: 'Update a customer (optimistic lock on version)',
        params: MeetingIdParams,
        body: CustomerUpdateBody,
        response: { 200: Envelope(CustomerForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateCustomer(db, currentUser(req), req.params.id, req.body);
      note(req, { target: req.params.id, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: { ids: string } }>(
    '/api/v1/customers/:ids',
    {
      config: { auth: { perm: 'base:customer:delete' } },
      schema: {
        tags,
        summary: 'Delete customers without sub-customers',
        params: Type.Object({ ids: IdList }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const before = await deleteCustomers(db, currentUser(req), parseIds(req.params.ids));
      note(req, { target: req.params.ids, before });
      return ok(null);
    },
  );
}
