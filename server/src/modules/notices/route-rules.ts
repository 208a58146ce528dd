import { ADMINS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of notices (the authorisation matrix checks them). */
export const NOTICES_RULES: Record<string, Rule> = {
  'POST /api/v1/notices': ADMINS,
  'PUT /api/v1/notices/:id': ADMINS,
  // A notice sent to delegation 1's account only: it, and the system managers.
  'GET /api/v1/notices/:id/detail': [...ADMINS, 'delegation'],
  'GET /api/v1/notices/:id/form': ADMINS,
  'PUT /api/v1/notices/:id/publish': ADMINS,
  'PUT /api/v1/notices/:id/revoke': ADMINS,
  'DELETE /api/v1/notices/:ids': ADMINS,
  'GET /api/v1/notices/my-page': 'signed-in',
  'GET /api/v1/notices/page': ADMINS,
  'PUT /api/v1/notices/read-all': 'signed-in',
  'GET /api/v1/notices/unread-count': 'signed-in',
};
