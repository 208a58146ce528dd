import type { FastifyInstance } from 'fastify';

/** One route of the app: its method and its path as registered (`/api/v1/users/:id`). */
export interface RouteKey {
  method: string;
  path: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Every /api route the app has registered, read from the router itself. `onRoute` hooks added
 * after `buildApp` no longer see the routes, so the router's own listing is parsed: one tree per
 * method (`printRoutes({ method, commonPrefix: false })`), where a child line continues its
 * parent's path. Each result is checked with `hasRoute`, so a misread listing fails loudly.
 */
export function apiRoutes(app: FastifyInstance): RouteKey[] {
  const out: RouteKey[] = [];
  for (const method of METHODS) {
    const stack: string[] = [];
    for (const line of app.printRoutes({ method, commonPrefix: false }).split('\n')) {
      const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? '') + m[2]!;
      stack.push(path);
      if (!m[3] || !m[3].split(', ').includes(method) || !path.startsWith('/api/')) continue;
      if (!app.hasRoute({ method, url: path })) throw new Error(`misread the route listing: ${method} ${path}`);
      out.push({ method, path });
    }
  }
  return out;
}

export const routeName = (r: RouteKey) => `${r.method} ${r.path}`;
