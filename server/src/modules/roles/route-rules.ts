import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of roles (the authorisation matrix checks them). */
export const ROLES_RULES: Record<string, Rule> = {
  'POST /api/v1/roles': ADMINS,
  'PUT /api/v1/roles/:id': ADMINS,
  'GET /api/v1/roles/:id/form': ADMINS,
  'GET /api/v1/roles/:id/menuIds': ADMINS,
  'PUT /api/v1/roles/:id/menus': ADMINS,
  'DELETE /api/v1/roles/:ids': ADMINS,
  'GET /api/v1/roles/options': 'signed-in',
  'GET /api/v1/roles/page': ADMINS,
};
