import { MANAGERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of groups (the authorisation matrix checks them). */
export const GROUPS_RULES: Record<string, Rule> = {
  'GET /api/v1/group-items': MANAGERS,
  'POST /api/v1/group-items': MANAGERS,
  'PUT /api/v1/group-items/:id': MANAGERS,
  'GET /api/v1/group-items/:id/form': MANAGERS,
  'DELETE /api/v1/group-items/:ids': MANAGERS,
  'GET /api/v1/group-items/export': MANAGERS,
  'GET /api/v1/groups': MANAGERS,
  'POST /api/v1/groups': MANAGERS,
  'PUT /api/v1/groups/:id': MANAGERS,
  'GET /api/v1/groups/:id/fields': MANAGERS,
  'PUT /api/v1/groups/:id/fields': MANAGERS,
  'GET /api/v1/groups/:id/form': MANAGERS,
  'DELETE /api/v1/groups/:ids': MANAGERS,
  'POST /api/v1/groups/copy': MANAGERS,
  'GET /api/v1/groups/export': MANAGERS,
};

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const GROUPS_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/group-items', // 400
  'GET /api/v1/group-items/export', // 400
  'GET /api/v1/groups', // 400
  'GET /api/v1/groups/export', // 400
  'POST /api/v1/group-items', // 400
  'POST /api/v1/groups', // 400
  'POST /api/v1/groups/copy', // 400
  'PUT /api/v1/group-items/:id', // 400
  'PUT /api/v1/groups/:id', // 400
  'PUT /api/v1/groups/:id/fields', // 400
];
