import { DELEGATION_1, REGISTRATION } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of apply (the authorisation matrix checks them). */
export const APPLY_RULES: Record<string, Rule> = {
  'POST /api/v1/apply/athletes': REGISTRATION,
  'PUT /api/v1/apply/athletes/:id': DELEGATION_1,
  'GET /api/v1/apply/athletes/:id/form': DELEGATION_1,
  'DELETE /api/v1/apply/athletes/:ids': DELEGATION_1,
  'POST /api/v1/apply/athletes/import': REGISTRATION,
  'GET /api/v1/apply/athletes/page': DELEGATION_1,
  'GET /api/v1/apply/athletes/template': DELEGATION_1,
  'GET /api/v1/apply/athletes/export': DELEGATION_1,
  'POST /api/v1/apply/coaches': REGISTRATION,
  'POST /api/v1/apply/coaches/import': REGISTRATION,
  'GET /api/v1/apply/coaches/template': DELEGATION_1,
  'PUT /api/v1/apply/coaches/:id': DELEGATION_1,
  'GET /api/v1/apply/coaches/:id/form': DELEGATION_1,
  'DELETE /api/v1/apply/coaches/:ids': DELEGATION_1,
  'GET /api/v1/apply/coaches/page': DELEGATION_1,
  'GET /api/v1/apply/context': DELEGATION_1,
  'PUT /api/v1/apply/delegation': REGISTRATION,
  'POST /api/v1/apply/entries': REGISTRATION,
  'PUT /api/v1/apply/entries/:id': DELEGATION_1,
  'DELETE /api/v1/apply/entries/:ids': DELEGATION_1,
  'GET /api/v1/apply/files': DELEGATION_1,
  'POST /api/v1/apply/files': REGISTRATION,
  'DELETE /api/v1/apply/files/:id': DELEGATION_1,
  'GET /api/v1/apply/items': DELEGATION_1,
  'POST /api/v1/apply/relays': REGISTRATION,
  'PUT /api/v1/apply/relays/:id': DELEGATION_1,
  'DELETE /api/v1/apply/relays/:ids': DELEGATION_1,
  'POST /api/v1/apply/submit': REGISTRATION,
  'GET /api/v1/apply/summary': DELEGATION_1,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const APPLY_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'POST /api/v1/apply/athletes', // 400
  'POST /api/v1/apply/athletes/import', // 400
  'POST /api/v1/apply/coaches/import', // 400
  'POST /api/v1/apply/coaches', // 400
  'POST /api/v1/apply/entries', // 400
  'POST /api/v1/apply/files', // 400
  'POST /api/v1/apply/relays', // 400
  'POST /api/v1/apply/submit', // 400
  'PUT /api/v1/apply/delegation', // 400
];
