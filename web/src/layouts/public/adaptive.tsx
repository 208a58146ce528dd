import { lazy, Suspense } from 'react';
import { RouteFallback } from '../../app/RootShell';
import { useNarrow } from './narrow';

/** The desktop frame is built with antd: it comes in its frame (the mobile one does without). */
const Desktop = lazy(() =>
  Promise.all([import('./index'), import('../../app/AntdFrame')]).then(([{ default: Layout }, { default: Frame }]) => ({
    default: () => (
      <Frame>
        <Layout />
      </Frame>
    ),
  })),
);
const Mobile = lazy(() => import('../h5'));

/** The frame of a meeting's short link `/m/:code`: the mobile frame on phones, else the desktop one. */
export default function AdaptiveLayout() {
  const narrow = useNarrow();
  return <Suspense fallback={<RouteFallback />}>{narrow ? <Mobile /> : <Desktop />}</Suspense>;
}
