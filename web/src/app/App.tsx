import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { getRouter, subscribeRouter } from './router-instance';

export function BatonApp() {
  const router = useSyncExternalStore(subscribeRouter, getRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
