import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of depts (the authorisation matrix checks them). */
export const DEPTS_RULES: Record<string, Rule> = {
  'GET /api/v1/dept': ADMINS,
  'POST /api/v1/dept': ADMINS,
  'PUT /api/v1/dept/:id': ADMINS,
  'GET /api/v1/dept/:id/form': ADMINS,
  'DELETE /api/v1/dept/:ids': ADMINS,
  'GET /api/v1/dept/options': 'signed-in',
};
