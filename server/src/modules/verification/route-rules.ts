import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of verification (the authorisation matrix checks them). */
export const VERIFICATION_RULES: Record<string, Rule> = {
  'POST /api/v1/auth/codes': 'public',
  'GET /api/v1/outbox/page': ADMINS,
};
