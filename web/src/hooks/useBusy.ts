import { useCallback, useState } from 'react';

/**
 * A write in progress (a dialog's OK button spins meanwhile): `run(write)` is busy while `write`
 * runs and answers whether it succeeded. A failure has been shown by the request layer and is not
 * thrown again: the dialog stays as it was, with what was typed.
 */
export function useBusy(): [boolean, (write: () => Promise<unknown>) => Promise<boolean>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
