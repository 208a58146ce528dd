import type { PublicMeetingCard } from '@baton/contracts';
import { lazy, Suspense, useState } from 'react';
import { areas } from '../../app/i18n';

/**
 * "Register a new team" is an antd form: it comes, in antd's frame and with the strings of its
 * code fields, with the first click on it (the pages that offer it render without antd).
 */
const Dialog = lazy(async () => {
  const [{ default: Frame }, { SelfRegisterDialog }] = await Promise.all([
    import('../../app/AntdFrame'),
    import('./SelfRegister'),
    areas.ensure(['comm']),
  ]);
  return {
    default: (props: { meeting: PublicMeetingCard | null; onClose: () => void }) => (
      <Frame>
        <SelfRegisterDialog {...props} />
      </Frame>
    ),
  };
});

/** The self-registration dialog for `meeting` (none: closed), loaded the first time one is given, then kept. */
export function SelfRegisterOnDemand(props: { meeting: PublicMeetingCard | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  if (props.meeting && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
