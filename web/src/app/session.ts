import type { RouteVO, UserInfo } from '@baton/contracts';
import { logout as logoutApi } from '../api/auth';
import { getMe, getRoutes } from '../api/session';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import i18n from './i18n';

export class SessionError extends Error {}

/** After sign-in: who the user is and which routes they have. Throws when either is missing. */
export async function loadSession(): Promise<{ user: UserInfo; routes: RouteVO[] }> {
  const [user, routes] = await Promise.all([getMe(), getRoutes()]);
  if (!user) throw new SessionError(i18n.t('session.verifyFailed'));
  useUserStore.getState().setUserInfo(user);
  usePermissionStore.getState().setRoutes(Array.isArray(routes) ? routes : []);
  return { user, routes: usePermissionStore.getState().routes };
}

/**
 * Forget everything tied to the signed-in user (spec §4: tokens, user info, routes; the console's
 * dictionaries and tabs clear themselves when the tokens go: stores/dict.ts, stores/tags.ts, which
 * the entry chunk the phone pages share does not hold).
 */
export function clearSession(): void {
  useUserStore.getState().clear();
  usePermissionStore.getState().reset();
}

/** Tell the server, then clear locally whatever the server answered. */
export async function logout(): Promise<void> {
  try {
    await logoutApi();
  } catch {
    // The local session ends regardless; the server's token expires on its own.
  }
  clearSession();
}

export function loginPath(redirect?: string): string {
  if (!redirect || redirect === '/' || redirect.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}
