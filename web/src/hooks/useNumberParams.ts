import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's numbers in the URL query (`?meetingId=&roundId=`…): `get(name)`, and `set(patch)` that
 * changes several at once (`undefined` removes one), replacing the history entry. One update: two
 * in one handler would each start from the same old URL, and the second would undo the first
 * (react-router's setSearchParams).
 */
export function useNumberParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => Number(params.get(name)) || undefined;
  const set = useCallback(
    (patch: Record<string, number | undefined>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [name, v] of Object.entries(patch)) {
            if (v === undefined) next.delete(name);
            else next.set(name, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { get, set };
}
