import { ADMINS, MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of items (the authorisation matrix checks them). */
export const ITEMS_RULES: Record<string, Rule> = {
  'GET /api/v1/items': MANAGERS,
  'POST /api/v1/items': ADMINS,
  'PUT /api/v1/items/:id': ADMINS,
  'GET /api/v1/items/:id/form': MANAGERS,
  'DELETE /api/v1/items/:ids': ADMINS,
  'GET /api/v1/items/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const ITEMS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/items', // 200
  'GET /api/v1/items/:id/form', // 200
  'GET /api/v1/items/export', // 200
];
