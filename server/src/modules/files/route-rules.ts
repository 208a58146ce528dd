import { MEETING_1_VIEWERS } from '../../security/callers.js';
import type { Rule } from '../../security/route-rules.js';

/** Who may call each route of files (the authorisation matrix checks them). */
export const FILES_RULES: Record<string, Rule> = {
  'POST /api/v1/files': 'signed-in',
  // A registration document of delegation 1 (files/access.ts): its meeting's managers and area users, and its own account.
  'GET /api/v1/files/:id': [...MEETING_1_VIEWERS, 'delegation'],
};
