import { MANAGERS, VIEWERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of areas (the authorisation matrix checks them). */
export const AREAS_RULES: Record<string, Rule> = {
  'GET /api/v1/area-summary': VIEWERS,
  'GET /api/v1/area-summary/export': VIEWERS,
  'DELETE /api/v1/area-users': MANAGERS,
  'GET /api/v1/area-users': MANAGERS,
  'POST /api/v1/area-users': MANAGERS,
  'GET /api/v1/area-users/export': MANAGERS,
  'GET /api/v1/area-users/options': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const AREAS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'DELETE /api/v1/area-users', // 400
  'GET /api/v1/area-summary', // 400
  'GET /api/v1/area-summary/export', // 400
  'GET /api/v1/area-users', // 400
  'GET /api/v1/area-users/export', // 400
  'GET /api/v1/area-users/options', // 200
  'POST /api/v1/area-users', // 400
];
