import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of logs (the authorisation matrix checks them). */
export const LOGS_RULES: Record<string, Rule> = {
  'GET /api/v1/logs/login/export': ADMINS,
  'GET /api/v1/logs/login/page': ADMINS,
  'GET /api/v1/logs/operation/:id': ADMINS,
  'GET /api/v1/logs/operation/export': ADMINS,
  'GET /api/v1/logs/operation/page': ADMINS,
};
