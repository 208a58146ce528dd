import { MANAGERS, MEETING_1_VIEWERS, VIEWERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of delegations (the authorisation matrix checks them). */
export const DELEGATIONS_RULES: Record<string, Rule> = {
  'GET /api/v1/delegations': VIEWERS,
  'POST /api/v1/delegations': MANAGERS,
  'PUT /api/v1/delegations/:id': MANAGERS,
  'GET /api/v1/delegations/:id/form': MEETING_1_VIEWERS,
  'POST /api/v1/delegations/:id/review': MANAGERS,
  'DELETE /api/v1/delegations/:ids': MANAGERS,
  'POST /api/v1/delegations/batch': MANAGERS,
  'GET /api/v1/delegations/export': VIEWERS,
  'POST /api/v1/delegations/from-customers': MANAGERS,
  'POST /api/v1/delegations/import': MANAGERS,
  'GET /api/v1/delegations/template': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const DELEGATIONS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/delegations', // 400
  'GET /api/v1/delegations/export', // 400
  'GET /api/v1/delegations/template', // 200
  'POST /api/v1/delegations', // 400
  'POST /api/v1/delegations/:id/review', // 400
  'POST /api/v1/delegations/batch', // 400
  'POST /api/v1/delegations/from-customers', // 400
  'POST /api/v1/delegations/import', // 400
  'PUT /api/v1/delegations/:id', // 400
];
