import type { Rule } from '../../../security/route-rules.js';
import { COMP_CALL_ROOM, COMP_MANAGERS } from '../callers.js';

/**
 * Who may call each route of competition/callroom (the authorisation matrix checks them): the
 * managers and the meeting's call-room official. The referee holds `comp:callroom:*` too but has
 * no call-room duty in meeting 1 (403); other meetings' staff find nothing (404).
 */
export const CALL_ROOM_RULES: Record<string, Rule> = {
  // A list filtered to the caller's meetings: every holder of comp:callroom:query gets one.
  'GET /api/v1/competition/call-room/meetings': [...COMP_CALL_ROOM, 'otherCommittee', 'referee'],
  'GET /api/v1/competition/meetings/:id/call-room': COMP_CALL_ROOM,
  'PUT /api/v1/competition/meetings/:id/call-room': COMP_MANAGERS,
  'GET /api/v1/competition/heats/:id/call-room': COMP_CALL_ROOM,
  'PUT /api/v1/competition/starts/:id/check-in': COMP_CALL_ROOM,
  'POST /api/v1/competition/heats/:id/check-in': COMP_CALL_ROOM,
  'POST /api/v1/competition/rounds/:id/check-in': COMP_CALL_ROOM,
  'GET /api/v1/competition/rounds/:id/pdf/call-room': COMP_CALL_ROOM,
  'POST /api/v1/competition/heats/:id/call-room/redraw': COMP_CALL_ROOM,
  'GET /api/v1/competition/rounds/:id/call-room': COMP_CALL_ROOM,
  'PUT /api/v1/competition/rounds/:id/call-room/entries': COMP_CALL_ROOM,
  'POST /api/v1/competition/rounds/:id/call-room/scan': COMP_CALL_ROOM,
};
