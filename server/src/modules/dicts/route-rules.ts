import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of dicts (the authorisation matrix checks them). */
export const DICTS_RULES: Record<string, Rule> = {
  'POST /api/v1/dict': ADMINS,
  'POST /api/v1/dict-data': ADMINS,
  'PUT /api/v1/dict-data/:id': ADMINS,
  'GET /api/v1/dict-data/:id/form': ADMINS,
  'DELETE /api/v1/dict-data/:ids': ADMINS,
  'GET /api/v1/dict-data/page': ADMINS,
  'PUT /api/v1/dict/:id': ADMINS,
  'GET /api/v1/dict/:id/form': ADMINS,
  'DELETE /api/v1/dict/:ids': ADMINS,
  'GET /api/v1/dict/list': 'public',
  'GET /api/v1/dict/lista': 'signed-in',
  'GET /api/v1/dict/page': ADMINS,
};
