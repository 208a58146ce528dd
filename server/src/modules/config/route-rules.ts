import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of config (the authorisation matrix checks them). */
export const CONFIG_RULES: Record<string, Rule> = {
  'POST /api/v1/config': ADMINS,
  'PUT /api/v1/config/:id': ADMINS,
  'GET /api/v1/config/:id/form': ADMINS,
  'DELETE /api/v1/config/:ids': ADMINS,
  'GET /api/v1/config/page': ADMINS,
  'GET /api/v1/config/public': 'public',
  'POST /api/v1/config/refresh': ADMINS,
};
