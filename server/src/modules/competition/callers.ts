import type { Caller } from '../../security/route-rules.js';

/**
 * Caller sets of the competition routes (access.ts), for the route rules: managers of meeting 1
 * (root, admin, its committee); its officials (the managers and the referee assigned to it);
 * its viewers (the officials and its area user).
 */
export const COMP_MANAGERS = ['root', 'admin', 'committee'] as const satisfies readonly Caller[];
export const COMP_OFFICIALS = [...COMP_MANAGERS, 'referee'] as const satisfies readonly Caller[];
export const COMP_VIEWERS = [...COMP_OFFICIALS, 'county'] as const satisfies readonly Caller[];
