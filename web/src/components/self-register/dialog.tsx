import type { PublicMeetingCard } from '@baton/contracts';
import { lazy, Suspense } from 'react';
import { areas } from '../../app/i18n';

/** The antd form in antd's frame, with the strings of its code fields. */
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

/**
 * A module of its own, fetched with the first click: the list of antd's files to fetch with the
 * dialog lives here, not in the pages that offer it.
 */
export default function SelfRegisterInFrame(props: { meeting: PublicMeetingCard | null; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
