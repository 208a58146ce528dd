import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of logs (the authorisation matrix checks them). */
export const LOGS_RULES: Record<string, Rule> = {
  'POST /api/v1/logs/login/export': ADMINS,
  'GET /api/v1/logs/login/export/jobs/:job': ADMINS,
  'GET /api/v1/logs/login/export/jobs/:job/file': ADMINS,
  'GET /api/v1/logs/login/page': ADMINS,
  'GET /api/v1/logs/operation/:id': ADMINS,
  'POST /api/v1/logs/operation/export': ADMINS,
  'GET /api/v1/logs/operation/export/jobs/:job': ADMINS,
  'GET /api/v1/logs/operation/export/jobs/:job/file': ADMINS,
  'GET /api/v1/logs/operation/page': ADMINS,
};
