import type { Rule } from '../../../security/route-rules.js';
import { COMP_MANAGERS, COMP_OFFICIALS } from '../callers.js';

/**
 * Who may call each route of competition/documents (the authorisation matrix checks them): the
 * holders of `comp:doc:print` (managers and referees) who reach meeting 1. The area user may
 * view the meeting but does not print. The books (秩序册, 成绩册) are made by the meeting's managers;
 * a job id the instance does not keep answers 410 (gone) once the caller's access is checked.
 */
export const DOCUMENTS_RULES: Record<string, Rule> = {
  'GET /api/v1/competition/rounds/:id/pdf/start-list': COMP_OFFICIALS,
  'GET /api/v1/competition/rounds/:id/pdf/results': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/timetable': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/bibs': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/bib-list': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/scores': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/pdf/certificates': COMP_OFFICIALS,
  // Judges' cards (issue 24, cards-routes.ts).
  'GET /api/v1/competition/rounds/:id/pdf/judges-cards': COMP_OFFICIALS,
  'GET /api/v1/competition/sessions/:id/pdf/judges-cards': COMP_OFFICIALS,
  'GET /api/v1/competition/meetings/:id/print-sessions': COMP_OFFICIALS,
  'POST /api/v1/competition/meetings/:id/books': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/books/:job': COMP_MANAGERS,
  'GET /api/v1/competition/meetings/:id/books/:job/pdf': COMP_MANAGERS,
};
