import { MEETING_1_VIEWERS, VIEWERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of audit (the authorisation matrix checks them). */
export const AUDIT_RULES: Record<string, Rule> = {
  'GET /api/v1/audit/athletes/:id': MEETING_1_VIEWERS,
  'GET /api/v1/audit/athletes/page': VIEWERS,
  'GET /api/v1/audit/coaches/:id': MEETING_1_VIEWERS,
  'GET /api/v1/audit/coaches/page': VIEWERS,
  'POST /api/v1/audit/decisions': VIEWERS,
  'GET /api/v1/audit/overview': VIEWERS,
  'GET /api/v1/stats/registration': VIEWERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const AUDIT_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/audit/athletes/page', // 400
  'GET /api/v1/audit/coaches/page', // 400
  'GET /api/v1/audit/overview', // 400
  'GET /api/v1/stats/registration', // 200
  'POST /api/v1/audit/decisions', // 400
];
