import { MANAGERS } from '../../security/callers.js';
import type { Caller } from '../../security/route-rules.js';

/**
 * Caller sets of the competition routes (access.ts), for the route rules: managers of meeting 1
 * (root, admin, its committee: the shared MANAGERS); its officials (the managers and the referee
 * assigned to it); its viewers (the officials and its area user); its call room (the managers and
 * the official assigned to it with the call-room duty, who reaches nothing else).
 */
export const COMP_MANAGERS = MANAGERS;
export const COMP_OFFICIALS = [...COMP_MANAGERS, 'referee'] as const satisfies readonly Caller[];
export const COMP_VIEWERS = [...COMP_OFFICIALS, 'county'] as const satisfies readonly Caller[];
export const COMP_CALL_ROOM = [...COMP_MANAGERS, 'callRoom'] as const satisfies readonly Caller[];
