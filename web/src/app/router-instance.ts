import type { createHashRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createHashRouter>;

let current: AppRouter | null = null;
const listeners = new Set<() => void>();

export function getRouter(): AppRouter {
  if (!current) throw new Error('router not created');
  return current;
}

export function setRouter(router: AppRouter): void {
  current = router;
  for (const l of listeners) l();
}

export function subscribeRouter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
