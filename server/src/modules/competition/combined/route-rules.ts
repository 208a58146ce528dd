import type { Rule } from '../../../security/route-rules.js';
import { COMP_OFFICIALS, COMP_VIEWERS } from '../callers.js';

/** Who may call each route of competition/combined (the authorisation matrix checks them). */
export const COMBINED_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/events/:groupItemId/combined': COMP_VIEWERS,
  'PUT /api/v1/competition/heats/:id/timing': COMP_OFFICIALS,
  'GET /api/v1/public/competition/:id/combined': 'public',
};
