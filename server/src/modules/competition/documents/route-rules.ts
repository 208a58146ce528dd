import type { Rule } from '../../../security/route-rules.js';
import { COMP_OFFICIALS } from '../callers.js';

/**
 * Who may call each route of competition/documents (the authorisation matrix checks them): the
 * holders of `comp:doc:print` (managers and referees) who reach meeting 1. The area user may
 * view the meeting but does not print.
 */
export const DOCUMENTS_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/rounds/:id/pdf/start-list': COMP_OFFICIALS,
  'GET /api/v1/competition/rounds/:id/pdf/results': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/timetable': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/bibs': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/bib-list': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/scores': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/certificates': COMP_OFFICIALS,
};
