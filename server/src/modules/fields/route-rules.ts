import { ADMINS, MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of fields (the authorisation matrix checks them). */
export const FIELDS_RULES: Record<string, Rule> = {
  'GET /api/v1/fields': MANAGERS,
  'POST /api/v1/fields': ADMINS,
  'PUT /api/v1/fields/:id': ADMINS,
  'GET /api/v1/fields/:id/form': MANAGERS,
  'DELETE /api/v1/fields/:ids': ADMINS,
  'GET /api/v1/fields/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const FIELDS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/fields', // 200
  'GET /api/v1/fields/:id/form', // 200
  'GET /api/v1/fields/export', // 200
];
