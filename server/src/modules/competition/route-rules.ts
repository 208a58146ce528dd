import type { Rule } from '../../security/route-rules.js';
import { BIBS_RULES } from './bibs/route-rules.js';
import { COMP_VIEWERS } from './callers.js';
import { CALL_ROOM_RULES } from './callroom/route-rules.js';
import { COMBINED_RULES } from './combined/route-rules.js';
import { DOCUMENTS_RULES } from './documents/route-rules.js';
import { EXCHANGE_RULES } from './exchange/route-rules.js';
import { PUBLIC_RULES } from './public/route-rules.js';
import { RESULTS_RULES } from './results/route-rules.js';
import { SCORES_RULES } from './scores/route-rules.js';
import { STARTLISTS_RULES } from './startlists/route-rules.js';

/**
 * The rules of the competition routes, one set per folder (competition/routes.ts's own first);
 * security/route-rules.ts merges them with the other modules' and refuses a route declared twice.
 */
export const COMPETITION_RULES: readonly Record<string, Rule>[] = [
  {
    'GET /api/v1/competition/meetings': 'signed-in',
    'GET /api/v1/competition/meetings/:id/events': COMP_VIEWERS,
    'GET /api/v1/competition/rounds/:id': COMP_VIEWERS,
  },
  STARTLISTS_RULES,
  RESULTS_RULES,
  COMBINED_RULES,
  SCORES_RULES,
  BIBS_RULES,
  CALL_ROOM_RULES,
  DOCUMENTS_RULES,
  EXCHANGE_RULES,
  PUBLIC_RULES,
];

/**
 * Where the committee user of another meeting passes the authorisation gate, with its answer
 * (OTHER_COMMITTEE_PASSES in security/route-rules.ts says why).
 */
export const COMPETITION_OTHER_COMMITTEE_PASSES: readonly string[] = [
  'GET /api/v1/competition/meetings/:id/pdf/certificates', // 400
  'PUT /api/v1/competition/meetings/:id/sportsmanship', // 400
  'PUT /api/v1/competition/meetings/:id/team-scoring', // 400
  'POST /api/v1/competition/heats/:id/official', // 400
  'POST /api/v1/competition/heats/:id/reopen', // 400
  'POST /api/v1/competition/meetings/:id/bibs', // 400
  'POST /api/v1/competition/meetings/:id/sessions', // 400
  'POST /api/v1/competition/records', // 400
  'POST /api/v1/competition/starts/:id/move', // 400
  'POST /api/v1/competition/starts/:id/trials', // 400
  'PUT /api/v1/competition/heats/:id/results', // 400
  'PUT /api/v1/competition/heats/:id/timing', // 400
  'PUT /api/v1/competition/meetings/:id/bibs', // 400
  'PUT /api/v1/competition/records/:id', // 400
  'PUT /api/v1/competition/rounds/:id', // 400
  'PUT /api/v1/competition/rounds/:id/schedule', // 400
  'PUT /api/v1/competition/sessions/:id', // 400
];
