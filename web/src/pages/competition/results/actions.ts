import type { HeatStandingVO, RoundVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { resultsApi } from '../../../api/competition-results';
import { COMP_KEYS } from '../shared';

/**
 * The live standing of a heat. Its key sits under the round's, so the live refresh of the
 * round (a realtime `competition` frame) refreshes it too.
 */
export const standingKey = (roundId: number | undefined, heatId: number | undefined) =>
  [...COMP_KEYS.round(roundId), 'standing', heatId] as const;

export function useStanding(roundId: number | undefined, heatId: number | undefined, enabled: boolean) {
  return useQuery<HeatStandingVO>({
    queryKey: standingKey(roundId, heatId),
    queryFn: () => resultsApi.standing(heatId!),
    enabled: enabled && heatId !== undefined,
  });
}

/**
 * Run a write that answers the round: the round shown is replaced by the answer at once and
 * the standing and the event list are refetched. Errors are shown by the request layer.
 */
export function useRoundWrite(roundId: number | undefined, meetingId: number | undefined) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (write: () => Promise<RoundVO>): Promise<RoundVO | null> => {
      setBusy(true);
      try {
        const round = await write();
        qc.setQueryData(COMP_KEYS.round(roundId), round);
        void qc.invalidateQueries({ queryKey: [...COMP_KEYS.round(roundId), 'standing'] });
        void qc.invalidateQueries({ queryKey: COMP_KEYS.events(meetingId) });
        return round;
      } catch {
        return null;
      } finally {
        setBusy(false);
      }
    },
    [qc, roundId, meetingId],
  );
  return { run, busy };
}
