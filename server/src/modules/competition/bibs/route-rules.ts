import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS } from '../callers.js';

/**
 * Who may call each route of competition/bibs (the authorisation matrix checks them). Bibs and
 * the schedule are the meeting managers' (comp:bib:*, comp:schedule:* are seeded for ADMIN and
 * COMMITTEE only).
 */
export const BIBS_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/meetings/:id/bibs': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/bibs': COMP_MANAGERS,
  'PUT /api/v1/competition/meetings/:id/bibs': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/sessions': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/sessions': COMP_MANAGERS,
  'PUT /api/v1/competition/sessions/:id': COMP_MANAGERS,
  'DELETE /api/v1/competition/sessions/:id': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/timetable': COMP_MANAGERS,
  'PUT /api/v1/competition/rounds/:id/schedule': COMP_MANAGERS,
};
