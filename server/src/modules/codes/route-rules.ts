import { ADMINS, MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of codes (the authorisation matrix checks them). */
export const CODES_RULES: Record<string, Rule> = {
  'GET /api/v1/codes': MANAGERS,
  'POST /api/v1/codes': ADMINS,
  'PUT /api/v1/codes/:id': ADMINS,
  'GET /api/v1/codes/:id/form': MANAGERS,
  'DELETE /api/v1/codes/:ids': ADMINS,
  'GET /api/v1/codes/export': MANAGERS,
  'POST /api/v1/codes/import': ADMINS,
  'GET /api/v1/codes/template': ADMINS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const CODES_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/codes', // 200
  'GET /api/v1/codes/:id/form', // 200
  'GET /api/v1/codes/export', // 200
];
