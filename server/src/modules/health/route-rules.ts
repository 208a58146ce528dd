import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of health (the authorisation matrix checks them). */
export const HEALTH_RULES: Record<string, Rule> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
};
