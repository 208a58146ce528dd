import type { CallRoomHeatSummaryVO, CheckInState } from '@baton/contracts';

/**
 * What a tap does to a start's mark: not marked → present → absent (DNS) → late → not marked.
 * A start with a result cannot be absent: its cycle skips that step.
 */
export function nextState(state: CheckInState | null, hasResult: boolean): CheckInState | null {
  const cycle: (CheckInState | null)[] = hasResult ? [null, 'present', 'late'] : [null, 'present', 'absent', 'late'];
  const at = cycle.indexOf(state);
  return cycle[(at + 1) % cycle.length] ?? null;
}

export type CallPhase = 'upcoming' | 'calling' | 'closed' | 'unscheduled';

/** Where a heat stands at `now`: before its call, being called, started, or without a time. */
export function callPhase(h: Pick<CallRoomHeatSummaryVO, 'callAt' | 'startsAt'>, now: number): CallPhase {
  if (!h.startsAt || !h.callAt) return 'unscheduled';
  if (now >= Date.parse(h.startsAt)) return 'closed';
  return now >= Date.parse(h.callAt) ? 'calling' : 'upcoming';
}
