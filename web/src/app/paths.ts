/**
 * Which addresses are open to everyone and which are the console's (the guard, guard.tsx, decides
 * with these). Without imports, so that the unit tests check them without a browser.
 */

/** Pages open without signing in (spec §2), plus the public meeting short links /m/:code and /h5/m/:code. */
export const WHITE_LIST: readonly string[] = [
  '/',
  '/home/index',
  '/home/enroll',
  '/home/query',
  '/home/detail',
  '/home/querytm',
  '/h5',
  '/h5/home',
  '/h5/enroll',
  '/h5/query',
  '/h5/detail',
  '/h5/querytm',
  '/home/group-item',
  '/home/track-result',
  '/h5/group-item',
  '/h5/track-result',
  '/wrj2025',
  '/m',
  '/w/setting',
  '/login',
  '/forget-password',
  '/which/login',
  '/user/register',
  '/register',
  '/user/register-result',
];

const whiteSet = new Set(WHITE_LIST);

/**
 * The console's sections: the first segment of the server menus' paths (server
 * db/seed/menus.ts, checked by paths.test.ts) and of the admin layout's own pages (router.tsx).
 * A signed-out visitor there is sent to sign in; any other address that matches no page is
 * the public "not found" (spec §2 stays: no console page opens without signing in).
 */
export const CONSOLE_SECTIONS: readonly string[] = [
  'dashboard',
  '401',
  '404',
  'profile',
  'myNotice',
  'redirect',
  'meeting',
  'apply',
  'audit',
  'competition',
  'base',
  'system',
  'demo',
];

const consoleSet = new Set(CONSOLE_SECTIONS);

export function isConsolePath(pathname: string): boolean {
  return consoleSet.has(pathname.split('/')[1] ?? '');
}

export function isWhitelisted(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    whiteSet.has(path) ||
    /^\/(h5\/)?m\/[^/]+$/.test(path) ||
    /^\/(home|h5)\/athlete\/\d+$/.test(path) ||
    /^\/screen\/\d+$/.test(path)
  );
}
