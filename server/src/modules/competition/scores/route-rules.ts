import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS } from '../callers.js';

/**
 * Who may call each route of competition/scores (the authorisation matrix checks them): the
 * scores page and records are the managers' (comp:score:query / comp:score:record, ADMIN and
 * COMMITTEE); the public reads scores through competition/public.
 */
export const SCORES_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/meetings/:id/scores': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/records': COMP_MANAGERS,
  'POST /api/v1/competition/records': COMP_MANAGERS,
  'PUT /api/v1/competition/records/:id': COMP_MANAGERS,
  'DELETE /api/v1/competition/records/:id': COMP_MANAGERS,
  'PUT /api/v1/competition/meetings/:id/team-scoring': COMP_MANAGERS,
  'PUT /api/v1/competition/meetings/:id/sportsmanship': COMP_MANAGERS,
};
