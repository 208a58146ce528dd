import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS, COMP_OFFICIALS, COMP_VIEWERS } from '../callers.js';

/** Who may call each route of competition/results (the authorisation matrix checks them). */
export const RESULTS_RULES: Record<string, Rule> = {
  'PUT /api/v1/competition/heats/:id/results': COMP_OFFICIALS,
  'POST /api/v1/competition/starts/:id/trials': COMP_OFFICIALS,
  'DELETE /api/v1/competition/starts/:id/trials/:seq': COMP_OFFICIALS,
  'POST /api/v1/competition/heats/:id/official': COMP_MANAGERS,
  'POST /api/v1/competition/heats/:id/reopen': COMP_MANAGERS,
  'GET /api/v1/competition/heats/:id/standing': COMP_VIEWERS,
};
