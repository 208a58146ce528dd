import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of menus (the authorisation matrix checks them). */
export const MENUS_RULES: Record<string, Rule> = {
  'GET /api/v1/menus': ADMINS,
  'POST /api/v1/menus': ADMINS,
  'DELETE /api/v1/menus/:id': ADMINS,
  'PUT /api/v1/menus/:id': ADMINS,
  'GET /api/v1/menus/:id/form': ADMINS,
  'GET /api/v1/menus/options': 'signed-in',
  'GET /api/v1/menus/routes': 'signed-in',
};
