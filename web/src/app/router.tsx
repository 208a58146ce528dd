import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject, redirect } from 'react-router';
import { setSessionExpiredHandler } from '../api/envelope';
import { progress } from '../components/lite/progress';
import { trackVisits } from '../realtime/visits';
import { usePermissionStore } from '../stores/permission';
import { isLoggedIn, useUserStore } from '../stores/user';
import { guardLoader, guardState } from './guard';
import { areas } from './i18n';
import type { RouteHandle } from './meta';
import { RootShell, RouteError, RouteFallback } from './RootShell';
import { type AppRouter, getRouter, setRouter } from './router-instance';
import { clearSession, loginPath } from './session';

type PageModule = { default: ComponentType };
/**
 * A lazily loaded route: its code and the locale areas it shows (`t('<area>.…')`), fetched in
 * parallel, in the current language. The areas of a layout serve every page under it.
 * `frame: 'antd'` (the default) puts the page in `AntdFrame` (antd's theme, locale and message
 * holders; loaded with it, once); `'none'` is for the routes built without antd (the h5
 * frame, home and meeting page, the short link), which then do not download it.
 */
const page =
  (load: () => Promise<PageModule>, locales: readonly string[] | 'all' = [], frame: 'antd' | 'none' = 'antd') =>
  async () => {
    if (frame === 'none') {
      const [mod] = await Promise.all([load(), areas.ensure(locales)]);
      return { Component: mod.default };
    }
    const [mod, { default: Frame }] = await Promise.all([load(), import('./AntdFrame'), areas.ensure(locales)]);
    const Page = mod.default;
    return {
      element: (
        <Frame>
          <Page />
        </Frame>
      ),
    };
  };
const to = (path: string) => () => redirect(path);

/** Redirect-only routes render nothing (their loader has already moved on). */
const Nothing = () => null;

/**
 * An address no route has: a signed-in user's goes to the console's 404 (once their routes are
 * in: before that, the guard loads them and runs the navigation again); a visitor's (the guard
 * has sent strangers to console addresses to login) shows the public "not found".
 */
function consoleNotFound(): null {
  if (isLoggedIn() && usePermissionStore.getState().routesLoaded) throw redirect('/404');
  return null;
}
/** The strings of the public pages (meeting pages, live results, query, enrolment). */
const PUBLIC_AREAS = ['public', 'comp'] as const;
/** Sign-in and registration forms (delegation sign-in, codes by SMS). */
const SIGN_IN_AREAS = ['dlg', 'comm'] as const;

const h = (titleKey: string, extra: Partial<RouteHandle> = {}): RouteHandle => ({ titleKey, ...extra });

const homeIndex = () => import('../pages/home');
const enroll = () => import('../pages/home/enroll');
const query = () => import('../pages/home/query');
const detail = () => import('../pages/home/detail');
const querytm = () => import('../pages/home/querytm');
const groupItemPage = () => import('../pages/home/group-item');
const trackResult = () => import('../pages/home/track-result');
const athletePage = () => import('../pages/home/athlete');
const notFound = () => import('../pages/home/NotFound');
/** The public "not found" of an unmatched address under a public frame. */
const publicNotFound = (frame: 'antd' | 'none' = 'none'): RouteObject => ({
  path: '*',
  handle: h('public.notFound.title'),
  lazy: page(notFound, [], frame),
});

/** The routes every visitor has (spec §2 "Static routes"); the user's own are patched into `main`. */
export function staticRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      loader: guardLoader,
      shouldRevalidate: () => true,
      children: [
        { index: true, Component: Nothing, loader: to('/home/index') },
        // Without antd: the first page of most visits, and a team leader's on a phone. The
        // delegation's side brings the code fields' strings ('comm') with it.
        {
          path: 'login',
          handle: h('route.login'),
          lazy: page(() => import('../pages/login'), ['dlg'], 'none'),
        },
        {
          path: 'which/login',
          handle: h('route.whichLogin'),
          lazy: page(() => import('../pages/login/which-login'), SIGN_IN_AREAS),
        },
        { path: 'register', handle: h('route.register'), lazy: page(() => import('../pages/register'), SIGN_IN_AREAS) },
        { path: 'user/register', Component: Nothing, loader: to('/register') },
        {
          path: 'user/register-result',
          handle: h('comm.routes.registerResult'),
          lazy: page(() => import('../pages/register/result'), SIGN_IN_AREAS),
        },
        {
          path: 'forget-password',
          handle: h('route.forgetPassword'),
          lazy: page(() => import('../pages/login/forget-password'), SIGN_IN_AREAS),
        },
        { path: 'w/setting', handle: h('route.setting'), lazy: page(() => import('../pages/setting')) },
        // A meeting's short link: its page, in the phone frame on phones and the desktop frame elsewhere.
        { path: 'wrj2025', Component: Nothing, loader: to('/m/wrj2025') },
        {
          path: 'm',
          lazy: page(() => import('../layouts/public/adaptive'), PUBLIC_AREAS, 'none'),
          children: [
            { index: true, Component: Nothing, loader: to('/home/index') },
            { path: ':code', handle: h('route.meet'), lazy: page(detail, [], 'none') },
            publicNotFound(),
          ],
        },
        {
          path: 'home',
          lazy: page(() => import('../layouts/public'), PUBLIC_AREAS),
          children: [
            { index: true, Component: Nothing, loader: to('/home/index') },
            { path: 'index', id: 'home', handle: h('route.home'), lazy: page(homeIndex) },
            { path: 'enroll', handle: h('route.enroll'), lazy: page(enroll, SIGN_IN_AREAS) },
            { path: 'detail', handle: h('route.detail'), lazy: page(detail) },
            { path: 'query', handle: h('route.query'), lazy: page(query, SIGN_IN_AREAS) },
            { path: 'querytm', handle: h('route.querytm'), lazy: page(querytm) },
            { path: 'group-item', handle: h('public.routes.groupItem'), lazy: page(groupItemPage) },
            { path: 'track-result', handle: h('public.routes.trackResult'), lazy: page(trackResult) },
            { path: 'athlete/:athleteId', handle: h('public.routes.athlete'), lazy: page(athletePage) },
            publicNotFound(),
          ],
        },
        // The big screen of the venue or the announcer: full screen, without a frame or antd.
        {
          path: 'screen/:meetingId',
          handle: h('screen.title'),
          lazy: page(() => import('../pages/screen'), ['screen', 'comp'], 'none'),
        },
        {
          path: 'h5',
          lazy: page(() => import('../layouts/h5'), PUBLIC_AREAS, 'none'),
          children: [
            { index: true, Component: Nothing, loader: to('/h5/home') },
            { path: 'home', handle: h('route.home'), lazy: page(() => import('../pages/h5'), [], 'none') },
            { path: 'enroll', handle: h('route.enroll'), lazy: page(enroll, ['dlg'], 'none') },
            { path: 'detail', handle: h('route.detail'), lazy: page(detail, [], 'none') },
            { path: 'query', handle: h('route.query'), lazy: page(query, SIGN_IN_AREAS, 'none') },
            { path: 'querytm', handle: h('route.querytm'), lazy: page(querytm, [], 'none') },
            { path: 'group-item', handle: h('public.routes.groupItem'), lazy: page(groupItemPage, [], 'none') },
            { path: 'track-result', handle: h('public.routes.trackResult'), lazy: page(trackResult, [], 'none') },
            {
              path: 'athlete/:athleteId',
              handle: h('public.routes.athlete'),
              lazy: page(athletePage, [], 'none'),
            },
            // A meeting on the phone: `/h5/m/<code>` (as the short link `/m/<code>`) and `/h5/<code>`.
            { path: 'm/:code', handle: h('route.meet'), lazy: page(detail, [], 'none') },
            { path: ':code', handle: h('route.meet'), lazy: page(detail, [], 'none') },
            publicNotFound(),
          ],
        },
        {
          id: 'main',
          lazy: page(() => import('../layouts/admin'), 'all'),
          children: [
            {
              path: 'dashboard',
              handle: h('route.dashboard', { affix: true, keepAlive: true, icon: 'DashboardOutlined' }),
              lazy: page(() => import('../pages/dashboard')),
            },
            { path: '401', handle: h('route.401', { hidden: true }), lazy: page(() => import('../pages/error/401')) },
            { path: '404', handle: h('route.404', { hidden: true }), lazy: page(() => import('../pages/error/404')) },
            {
              path: 'profile',
              handle: h('route.profile', { hidden: true }),
              lazy: page(() => import('../pages/profile')),
            },
            {
              path: 'myNotice',
              handle: h('route.myNotice', { hidden: true }),
              lazy: page(() => import('../pages/notice')),
            },
            {
              path: 'redirect/*',
              handle: h('route.redirect', { hidden: true, noTag: true }),
              lazy: page(() => import('../pages/redirect')),
            },
          ],
        },
        // Unmatched (the user's routes are in by now): the phone or desktop public frame, as /m/:code.
        {
          id: 'not-found',
          loader: consoleNotFound,
          lazy: page(() => import('../layouts/public/adaptive'), PUBLIC_AREAS, 'none'),
          children: [publicNotFound()],
        },
      ],
    },
  ];
}

function createAppRouter(): AppRouter {
  progress.start();
  const router = createHashRouter(staticRoutes());
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') progress.done();
    else progress.start();
  });
  if (router.state.initialized && router.state.navigation.state === 'idle') progress.done();
  trackVisits(router);
  return router;
}

/**
 * A fresh router at `path`: after sign-out the routes of the previous user must be gone,
 * and React Router cannot remove patched routes, so the router is replaced.
 */
export function resetRouter(path: string): void {
  let old: AppRouter | null = null;
  try {
    old = getRouter();
  } catch {
    // first start: nothing to dispose
  }
  window.history.replaceState(window.history.state, '', `#${path}`);
  old?.dispose();
  setRouter(createAppRouter());
}

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash || '/';
}

/** End the session locally and land on the login page, coming back here after signing in. */
export function endSession(): void {
  const loaded = usePermissionStore.getState().routesLoaded;
  clearSession();
  // While the guard is loading routes it handles the failure itself (to login with redirect).
  if (loaded || !guardState.loading) resetRouter(loginPath(currentPath()));
}

/**
 * The realtime channel follows the signed-in user; its code comes with the first moment someone
 * is signed in (a public page that listens brings it along itself), not with every first page.
 */
function startRealtimeWhenSignedIn(): void {
  const start = () => void import('../realtime/client').then(({ startRealtime }) => startRealtime());
  if (useUserStore.getState().accessToken) {
    start();
    return;
  }
  const stop = useUserStore.subscribe((state) => {
    if (!state.accessToken) return;
    stop();
    start();
  });
}

export function initRouter(): void {
  setSessionExpiredHandler(endSession);
  startRealtimeWhenSignedIn();
  setRouter(createAppRouter());
}
