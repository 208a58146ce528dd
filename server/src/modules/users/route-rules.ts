import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of users (the authorisation matrix checks them). */
export const USERS_RULES: Record<string, Rule> = {
  'GET /api/v1/userProps/me': 'signed-in',
  'POST /api/v1/users': ADMINS,
  'PUT /api/v1/users/:id': ADMINS,
  'GET /api/v1/users/:id/form': ADMINS,
  'PUT /api/v1/users/:id/password/reset': ADMINS,
  'DELETE /api/v1/users/:ids': ADMINS,
  'GET /api/v1/users/export': ADMINS,
  'GET /api/v1/users/getUser': ADMINS,
  'POST /api/v1/users/import': ADMINS,
  'GET /api/v1/users/options': 'signed-in',
  'GET /api/v1/users/page': ADMINS,
  'PUT /api/v1/users/password': 'signed-in',
  'GET /api/v1/users/profile': 'signed-in',
  'PUT /api/v1/users/profile': 'signed-in',
  'GET /api/v1/users/template': ADMINS,
};
