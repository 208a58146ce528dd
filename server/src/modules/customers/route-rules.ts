import { ADMINS, MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of customers (the authorisation matrix checks them). */
export const CUSTOMERS_RULES: Record<string, Rule> = {
  'GET /api/v1/customers': MANAGERS,
  'POST /api/v1/customers': ADMINS,
  'PUT /api/v1/customers/:id': ADMINS,
  'GET /api/v1/customers/:id/form': MANAGERS,
  'DELETE /api/v1/customers/:ids': ADMINS,
  'GET /api/v1/customers/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const CUSTOMERS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/customers', // 200
  'GET /api/v1/customers/:id/form', // 200
  'GET /api/v1/customers/export', // 200
];
