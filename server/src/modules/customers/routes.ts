import {
  CustomerBody,
  CustomerForm,
  CustomerQuery,
  CustomerUpdateBody,
  CustomerVO,
  MeetingIdParams,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
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

  const r = crudRoutes(app, { url: '/api/v1/customers', tags, params: MeetingIdParams, VO: CustomerForm });
  r.list({
    // The "choose delegation" dialog picks customers from this tree too.
    perm: ['base:customer:query', 'meeting:delegation:add'],
    summary: 'The customer tree (filters keep matches and their ancestors)',
    query: CustomerQuery,
    answer: Type.Array(CustomerVO),
    run: (q) => customerTree(db, q),
  });
  r.export({
    perm: 'base:customer:export',
    summary: 'Customers of the current filter as .xlsx',
    query: CustomerQuery,
    file: 'customers.xlsx',
    run: (q, req) => exportCustomers(db, q, req.lang),
  });
  r.form({ perm: 'base:customer:query', summary: 'One customer', run: (id) => getCustomer(db, id) });
  r.create({
    perm: 'base:customer:add',
    summary: 'Create a customer',
    body: CustomerBody,
    run: (body, req) => createCustomer(db, currentUser(req), body),
  });
  r.update({
    perm: 'base:customer:edit',
    summary: 'Update a customer (optimistic lock on version)',
    body: CustomerUpdateBody,
    run: (id, body, req) => updateCustomer(db, currentUser(req), id, body),
  });
  r.remove({
    perm: 'base:customer:delete',
    summary: 'Delete customers without sub-customers',
    run: (ids, req) => deleteCustomers(db, currentUser(req), ids),
  });
}
