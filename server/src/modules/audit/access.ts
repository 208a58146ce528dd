import type { DbOrTx } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { areaScope, type MeetingRole, type MeetingRow, meetingRole, requireMeeting } from '../meetings/access.js';

/**
 * The committee's audit (DOMAIN.md "Audit"): lists with filters, the overview per delegation,
 * the detail of one record and the decisions. Committee users reach the meetings they
 * administer, admin and root every meeting, area users (county, sub-unit) the delegations of
 * their areas in the meetings they are assigned to. Out of reach: 404.
 *
 * Two levels: when the meeting sets `areaAuditFirst`, an area user's decision is level 'area'
 * (an approval passes the record to the committee, which may then approve it; a return sends it
 * back to the delegation) and the committee approves only what the area approved. Otherwise area
 * users only look. "Entries" in the figures are individual entries plus relay teams.
 */

export type Entity = 'athlete' | 'coach';
export type DecisionLevel = 'area' | 'committee';

export interface Reach {
  meeting: MeetingRow;
  role: MeetingRole;
  /** The areas an area user sees (with the areas below them); null for everyone else. */
  areas: number[] | null;
}

/** The meeting's audit as the caller reaches it (404 when out of reach). */
export async function reach(db: DbOrTx, u: CurrentUser, meetingId: number): Promise<Reach> {
  const { meeting } = await requireMeeting(db, u, meetingId, 'view');
  return { meeting, role: meetingRole(u), areas: await areaScope(db, u, meetingId) };
}

export const inAreas = (areas: number[] | null, areaId: number | null) =>
  areas === null || (areaId !== null && areas.includes(areaId));
