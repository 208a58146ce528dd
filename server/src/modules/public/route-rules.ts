import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of public (the authorisation matrix checks them). */
export const PUBLIC_RULES: Record<string, Rule> = {
  'GET /api/v1/public/home': 'public',
  'GET /api/v1/public/meetings/:id/counts': 'public',
  'GET /api/v1/public/meetings/:id/delegations': 'public',
  'GET /api/v1/public/meetings/:id/entries': 'public',
  'POST /api/v1/public/meetings/:id/self-register': 'public',
  'POST /api/v1/public/query': 'public',
  'POST /api/v1/public/query/by-mobile': 'public',
  'POST /api/v1/public/sms-code': 'public',
};
