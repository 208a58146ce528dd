import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of stats (the authorisation matrix checks them). */
export const STATS_RULES: Record<string, Rule> = {
  'GET /api/v1/stats/overview': ADMINS,
  'POST /api/v1/stats/visit': 'public',
  'GET /api/v1/stats/visit-trend': 'signed-in',
};
