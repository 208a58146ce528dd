import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS, COMP_OFFICIALS } from '../callers.js';

/**
 * Who may call each route of competition/exchange (the authorisation matrix checks them):
 * the exports, the Hy-Tek import and meet.json are the meeting's managers' only (they carry ID
 * numbers); the FinishLynx .lif routes are results entry, open to its officials (the referee
 * assigned to the meeting too).
 */
export const EXCHANGE_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/meetings/:id/exchange/lynx.evt': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lynx.ppl': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lynx.sch': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/hytek.txt': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/meet.json': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/exchange/hytek': COMP_MANAGERS,
  'POST /api/v1/competition/heats/:id/lif': COMP_OFFICIALS,
  'POST /api/v1/competition/meetings/:id/exchange/lif/review': COMP_OFFICIALS,
  'POST /api/v1/competition/meetings/:id/exchange/lif/commit': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/exchange/lif/folder': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/exchange/lif/folder/:fileId': COMP_OFFICIALS,
};
