import type { PublicMeetingCard } from '@baton/contracts';
import { lazy, Suspense, useState } from 'react';

/**
 * "Register a new team" is an antd form: it comes, in antd's frame, with the first click on it
 * (the pages that offer it render without antd).
 */
const SelfRegisterInFrame = lazy(() => import('./dialog'));

/** The self-registration dialog for `meeting` (none: closed), loaded the first time one is given, then kept. */
export function SelfRegisterOnDemand(props: { meeting: PublicMeetingCard | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  if (props.meeting && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <SelfRegisterInFrame {...props} />
    </Suspense>
  ) : null;
}
