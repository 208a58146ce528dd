import { HTTP_TIMEOUT_MS, type LoginResult, MESSAGE_DURATION_S, MESSAGE_OFFSET_PX } from '@baton/contracts';
import { feedback } from '../app/feedback';
import i18n from '../app/i18n';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';

/**
 * The handling of the server's answers (spec §3) by the client of `request.ts`: the envelope,
 * the shared token refresh, the end of a session and the error messages.
 */

/** Every JSON answer of the server (spec §3). */
export interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

export const REFRESH_PATH = '/api/v1/auth/getAccessTokenByRefreshToken';

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'string';
}

/** Query strings: every value URI-encoded (so Chinese text travels as %E4%B8%AD...), arrays repeated. */
export function serializeParams(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = v instanceof Date ? v.toISOString() : String(v);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

/* ---- refresh: one request shared by everything that failed with A0230 at the same time ---- */

let refreshing: Promise<string> | null = null;

async function requestNewTokens(): Promise<string> {
  const { refreshToken } = useUserStore.getState();
  if (!refreshToken) throw { code: 'A0233', data: null, msg: '' } satisfies Envelope<null>;
  let body: unknown;
  try {
    const res = await fetch(REFRESH_PATH, {
      headers: { Authorization: refreshToken, 'Accept-Language': useAppStore.getState().language },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (isEnvelope(body) && body.code === '00000') {
    useUserStore.getState().setTokens(body.data as LoginResult);
    return useUserStore.getState().accessToken;
  }
  throw isEnvelope(body) ? body : ({ code: 'A0233', data: null, msg: '' } satisfies Envelope<null>);
}

export function refreshAccessToken(): Promise<string> {
  refreshing ??= requestNewTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/* ---- session end: set by the router, which knows how to leave for the login page ---- */

let onSessionExpired: () => void = () => {
  useUserStore.getState().clear();
  window.location.hash = '#/login';
};
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let expiring = false;
function sessionExpired(): void {
  if (expiring) return;
  expiring = true;
  // antd's own message, not the page's: it must outlast the page (the session may end before any
  // page shows, or on a console page that leaves for the login page now).
  const text = i18n.t('session.expired');
  void import('antd/es/message').then(({ default: message }) => {
    message.config({ top: MESSAGE_OFFSET_PX, duration: MESSAGE_DURATION_S });
    void message.warning(text);
  });
  onSessionExpired();
  setTimeout(() => {
    expiring = false;
  }, 1000);
}

/**
 * A failed answer: an expired access token is refreshed once and the call repeated (`retry`
 * with the new token, absent when already retried), an ended session leaves for the login page,
 * B0001 stays silent (the caller shows it), anything else is reported. Always rejects with the
 * envelope, or settles as the repeated call does.
 */
export async function handleFailure(body: Envelope, retry?: (token: string) => Promise<unknown>): Promise<unknown> {
  switch (body.code) {
    case 'A0230': {
      if (retry) {
        let token: string;
        try {
          token = await refreshAccessToken();
        } catch {
          sessionExpired();
          throw body;
        }
        return retry(token);
      }
      sessionExpired();
      throw body;
    }
    case 'A0233':
      sessionExpired();
      throw body;
    case 'B0001':
      throw body;
    default:
      feedback.message.error(body.msg || i18n.t('common.systemError'));
      throw body;
  }
}

/** The headers every call carries: the access token (when signed in) and the interface language. */
export function authHeaders(url: string): Record<string, string> {
  const { accessToken } = useUserStore.getState();
  const headers: Record<string, string> = { 'Accept-Language': useAppStore.getState().language };
  if (accessToken && !url.startsWith(REFRESH_PATH)) headers.Authorization = accessToken;
  return headers;
}
