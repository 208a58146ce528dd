import { ADMINS, MANAGERS, MEETING_1_VIEWERS, VIEWERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of meetings (the authorisation matrix checks them). */
export const MEETINGS_RULES: Record<string, Rule> = {
  'GET /api/v1/meetings': VIEWERS,
  'POST /api/v1/meetings': MANAGERS,
  'PUT /api/v1/meetings/:id': MANAGERS,
  'GET /api/v1/meetings/:id/admins': MANAGERS,
  'PUT /api/v1/meetings/:id/admins': MANAGERS,
  'GET /api/v1/meetings/:id/officials': MANAGERS,
  'PUT /api/v1/meetings/:id/officials': MANAGERS,
  'GET /api/v1/meetings/:id/fields': MEETING_1_VIEWERS,
  'PUT /api/v1/meetings/:id/fields': MANAGERS,
  'GET /api/v1/meetings/:id/form': MEETING_1_VIEWERS,
  'GET /api/v1/meetings/:id/remark': MEETING_1_VIEWERS,
  'PUT /api/v1/meetings/:id/remark': MANAGERS,
  'GET /api/v1/meetings/:id/regulations': MEETING_1_VIEWERS,
  'PUT /api/v1/meetings/:id/regulations': MANAGERS,
  'POST /api/v1/meetings/:id/status': MANAGERS,
  'GET /api/v1/meetings/:id/status-log': MEETING_1_VIEWERS,
  'DELETE /api/v1/meetings/:ids': ADMINS,
  'GET /api/v1/meetings/admin-options': MANAGERS,
  'GET /api/v1/meetings/official-options': MANAGERS,
  'GET /api/v1/meetings/by-code/:code': 'public',
  'GET /api/v1/meetings/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const MEETINGS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/meetings', // 200
  'GET /api/v1/meetings/admin-options', // 200
  'GET /api/v1/meetings/official-options', // 200
  'GET /api/v1/meetings/export', // 200
  'POST /api/v1/meetings', // 400
  'POST /api/v1/meetings/:id/status', // 400
  'PUT /api/v1/meetings/:id', // 400
  'PUT /api/v1/meetings/:id/admins', // 400
  'PUT /api/v1/meetings/:id/officials', // 400
  'PUT /api/v1/meetings/:id/fields', // 400
  'PUT /api/v1/meetings/:id/remark', // 400
  'PUT /api/v1/meetings/:id/regulations', // 400
];
