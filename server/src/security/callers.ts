import type { Caller } from './route-rules.js';

/**
 * The caller groups the route rules share (modules/<module>/route-rules.ts; the competition
 * modules build theirs on these in competition/callers.ts). route-rules.ts says who each caller is.
 */

/** System administration: root and admin. */
export const ADMINS = ['root', 'admin'] as const satisfies readonly Caller[];
/** Meeting management: the system administrators and the committee (of the meeting named). */
export const MANAGERS = [...ADMINS, 'committee'] as const satisfies readonly Caller[];
/** Meeting views for managers and area users (each sees the meetings and areas assigned to it). */
export const VIEWERS = [...MANAGERS, 'county', 'countySub'] as const satisfies readonly Caller[];
/** A record of meeting 1: its managers and its area user (the sub-unit user is not assigned to it). */
export const MEETING_1_VIEWERS = [...MANAGERS, 'county'] as const satisfies readonly Caller[];
/**
 * Registration writes that name their delegation in the body: managers and delegation accounts
 * pass the gate; which delegation a body may name is checked in the service (apply/isolation.test.ts).
 */
export const REGISTRATION = [...MANAGERS, 'delegation', 'otherDelegation'] as const satisfies readonly Caller[];
/** A record (or the registration) of delegation 1: its managers and its own account. */
export const DELEGATION_1 = [...MANAGERS, 'delegation'] as const satisfies readonly Caller[];
