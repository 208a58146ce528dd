import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS } from '../callers.js';

/**
 * Who may call each route of competition/exchange (the authorisation matrix checks them):
 * the meeting's managers only — the Hy-Tek export carries ID numbers, and imports write.
 */
export const EXCHANGE_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/meetings/:id/exchange/lynx.evt': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lynx.ppl': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lynx.sch': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/hytek.txt': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/meet.json': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/exchange/hytek': COMP_MANAGERS,
  'POST /api/v1/competition/heats/:id/lif': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/exchange/lif/review': COMP_MANAGERS,
  'POST /api/v1/competition/meetings/:id/exchange/lif/commit': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lif/folder': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/exchange/lif/folder/:fileId': COMP_MANAGERS,
};
