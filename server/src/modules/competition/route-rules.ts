import type { Rule } from '../../security/route-rules.js';
import { BIBS_RULES } from './bibs/route-rules.js';
import { COMP_VIEWERS } from './callers.js';
import { DOCUMENTS_RULES } from './documents/route-rules.js';
import { EXCHANGE_RULES } from './exchange/route-rules.js';
import { PUBLIC_RULES } from './public/route-rules.js';
import { RESULTS_RULES } from './results/route-rules.js';
import { SCORES_RULES } from './scores/route-rules.js';
import { STARTLISTS_RULES } from './startlists/route-rules.js';

export const COMPETITION_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/meetings': 'signed-in',
  'GET /api/v1/competition/meetings/:id/events': COMP_VIEWERS,
  'GET /api/v1/competition/rounds/:id': COMP_VIEWERS,
  ...STARTLISTS_RULES,
  ...RESULTS_RULES,
  ...SCORES_RULES,
  ...BIBS_RULES,
  ...DOCUMENTS_RULES,
  ...EXCHANGE_RULES,
  ...PUBLIC_RULES,
};
