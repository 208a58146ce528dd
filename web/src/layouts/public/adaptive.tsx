import { lazy, Suspense } from 'react';
import { RouteFallback } from '../../app/RootShell';
import { useNarrow } from './narrow';

const Desktop = lazy(() => import('./index'));
const Mobile = lazy(() => import('../h5'));

/** The frame of a meeting's short link `/m/:code`: the mobile frame on phones, else the desktop one. */
export default function AdaptiveLayout() {
  const narrow = useNarrow();
  return <Suspense fallback={<RouteFallback />}>{narrow ? <Mobile /> : <Desktop />}</Suspense>;
}
