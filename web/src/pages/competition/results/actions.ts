import type { RoundVO } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { competitionQueries } from '../../../api/competition';
import { resultsQueries } from '../../../api/competition-results';

/**
 * The live standing of a heat. Its key sits under the round's, so the live refresh of the
 * round (a realtime `competition` frame) refreshes it too.
 */
export function useStanding(roundId: number | undefined, heatId: number | undefined, enabled: boolean) {
  return useQuery({
    ...resultsQueries.standing(roundId, heatId),
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
        qc.setQueryData(competitionQueries.round(roundId).queryKey, round);
        void qc.invalidateQueries({ queryKey: resultsQueries.standings(roundId) });
        void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
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
