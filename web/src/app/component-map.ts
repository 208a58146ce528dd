import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/**
 * Every page the web app compiled, by the component name the server's menu uses:
 * `system/user/index` → `src/pages/system/user/index.tsx`. A name that is not here
 * resolves to the 404 page, so the server can never make the client load arbitrary code.
 */
const pages = import.meta.glob<PageModule>('../pages/**/index.tsx');

const byName = new Map<string, Loader>();
for (const [file, load] of Object.entries(pages)) {
  const name = file.replace(/^\.\.\/pages\//, '').replace(/\.tsx$/, '');
  byName.set(name, load);
}

export function resolvePage(component: string): Loader | undefined {
  const name = component.replace(/^\/+/, '').replace(/\.(vue|tsx)$/, '');
  return byName.get(name) ?? byName.get(`${name}/index`);
}

export const notFoundPage: Loader = () => import('../pages/error/404');
