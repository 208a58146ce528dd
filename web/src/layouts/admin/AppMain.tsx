import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import type { RouteHandle } from '../../app/meta';
import { useTagsStore } from '../../stores/tags';

/**
 * The page area. Pages whose route says keepAlive stay mounted while hidden (React's
 * `<Activity>`), so their state survives switching tabs; closing the tab or "refresh" drops it.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const keepAlive = Boolean(handle?.keepAlive);
  const views = useTagsStore((s) => s.visitedViews);
  const refreshKeys = useTagsStore((s) => s.refreshKeys);
  const cache = useRef(new Map<string, { element: ReactNode; version: number }>());

  const version = refreshKeys[pathname] ?? 0;
  const cached = cache.current.get(pathname);
  if (keepAlive && outlet && (!cached || cached.version !== version)) {
    cache.current.set(pathname, { element: outlet, version });
  }
  // Forget pages whose tab was closed.
  for (const key of cache.current.keys()) {
    if (key !== pathname && !views.some((v) => v.path === key)) cache.current.delete(key);
  }

  return (
    <>
      {[...cache.current].map(([key, entry]) => (
        <Activity key={`${key}#${entry.version}`} mode={key === pathname ? 'visible' : 'hidden'}>
          {entry.element}
        </Activity>
      ))}
      {!keepAlive && <div key={`${pathname}#${version}`}>{outlet}</div>}
    </>
  );
}
