import type { Rule } from '../../../security/route-rules.js';

/** Who may call each route of competition/public (the authorisation matrix checks them). */
export const PUBLIC_RULES: Record<string, Rule> = {
  'GET /api/v1/public/competition/:id/events': 'public',
  'GET /api/v1/public/competition/:id/rounds': 'public',
  'GET /api/v1/public/competition/:id/results': 'public',
  'GET /api/v1/public/competition/:id/next': 'public',
  'GET /api/v1/public/competition/:id/scores': 'public',
  'GET /api/v1/public/competition/:id/athlete': 'public',
  'GET /api/v1/public/competition/athlete': 'public',
};
