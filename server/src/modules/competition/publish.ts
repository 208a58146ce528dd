import type { CompetitionFrame } from '@baton/contracts';
import type { RealtimeHub } from '../../plugins/realtime.js';

/**
 * Announce a change of a round on the realtime channel. Public pages hear only what became
 * visible (a published start list, official results, scores); the staff who may see the
 * meeting's competition hear every change (a draft start list, a provisional result) to refresh
 * their screens. Delegations and other meetings' staff hear only the public ones.
 */
export async function announce(hub: RealtimeHub, frame: CompetitionFrame, visible: boolean): Promise<void> {
  await hub.publish('competition', frame, visible ? 'public' : { meeting: frame.meetingId });
}
