import { ADMINS, MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of natures (the authorisation matrix checks them). */
export const NATURES_RULES: Record<string, Rule> = {
  'GET /api/v1/natures': MANAGERS,
  'POST /api/v1/natures': ADMINS,
  'PUT /api/v1/natures/:id': ADMINS,
  'GET /api/v1/natures/:id/fields': MANAGERS,
  'PUT /api/v1/natures/:id/fields': ADMINS,
  'GET /api/v1/natures/:id/form': MANAGERS,
  'DELETE /api/v1/natures/:ids': ADMINS,
  'GET /api/v1/natures/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const NATURES_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/natures', // 200
  'GET /api/v1/natures/:id/fields', // 200
  'GET /api/v1/natures/:id/form', // 200
  'GET /api/v1/natures/export', // 200
];
