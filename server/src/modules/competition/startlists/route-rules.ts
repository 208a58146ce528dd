import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS, COMP_OFFICIALS } from '../callers.js';

/** Who may call each route of competition/startlists (the authorisation matrix checks them). */
export const STARTLISTS_RULES: Record<string, Rule> = {
  'POST /api/v1/competition/events/:id/start-list': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/start-lists': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/start-lists/jobs/:job': COMP_MANAGERS,
  'POST /api/v1/competition/rounds/:id/draw': COMP_MANAGERS,
  'POST /api/v1/competition/starts/:id/move': COMP_MANAGERS,
  'PUT /api/v1/competition/rounds/:id': COMP_MANAGERS,
  'POST /api/v1/competition/rounds/:id/publish': COMP_MANAGERS,
  'POST /api/v1/competition/rounds/:id/unpublish': COMP_MANAGERS,
  // comp:startlist:query: the managers and the meeting's referee (area users have no such permission).
  'GET /api/v1/competition/rounds/:id/log': COMP_OFFICIALS,
};
