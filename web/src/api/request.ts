import { HTTP_TIMEOUT_MS, type LoginResult } from '@baton/contracts';
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { feedback } from '../app/feedback';
import i18n from '../app/i18n';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';

/** Every JSON answer of the server (spec §3). */
export interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

export const REFRESH_PATH = '/api/v1/auth/getAccessTokenByRefreshToken';

interface RetryConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

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

const service = axios.create({
  baseURL: '',
  timeout: HTTP_TIMEOUT_MS,
  // No default Content-Type: axios sends objects as JSON and lets the browser label FormData (multipart).
  paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, unknown>) },
});

service.interceptors.request.use((config) => {
  const { accessToken } = useUserStore.getState();
  if (accessToken && !config.url?.startsWith(REFRESH_PATH)) config.headers.Authorization = accessToken;
  config.headers['Accept-Language'] = useAppStore.getState().language;
  return config;
});

/* ---- refresh: one request shared by everything that failed with A0230 at the same time ---- */

let refreshing: Promise<string> | null = null;

async function requestNewTokens(): Promise<string> {
  const { refreshToken } = useUserStore.getState();
  if (!refreshToken) throw { code: 'A0233', data: null, msg: '' } satisfies Envelope<null>;
  let body: unknown;
  try {
    const res = await axios.get(REFRESH_PATH, {
      timeout: HTTP_TIMEOUT_MS,
      headers: { Authorization: refreshToken, 'Accept-Language': useAppStore.getState().language },
    });
    body = res.data;
  } catch (error) {
    body = error instanceof AxiosError ? error.response?.data : undefined;
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
  feedback.message.warning(i18n.t('session.expired'));
  onSessionExpired();
  setTimeout(() => {
    expiring = false;
  }, 1000);
}

/* ---- answers ---- */

async function handleFailure(body: Envelope, config: RetryConfig | undefined): Promise<unknown> {
  switch (body.code) {
    case 'A0230': {
      if (config && !config._retried) {
        try {
          const token = await refreshAccessToken();
          config._retried = true;
          config.headers.Authorization = token;
          return service.request(config);
        } catch {
          sessionExpired();
          throw body;
        }
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

/** Success answers unwrap to `data`; binary downloads keep the whole response (headers carry the name). */
function onAnswer(res: AxiosResponse): unknown {
  const type = res.config.responseType;
  if (type === 'blob' || type === 'arraybuffer') return res;
  const body: unknown = res.data;
  if (!isEnvelope(body)) return body;
  if (body.code === '00000') return body.data;
  return handleFailure(body, res.config);
}

service.interceptors.response.use(
  // The interceptor changes the resolved type on purpose; `request<T>` restores it for callers.
  onAnswer as (res: AxiosResponse) => AxiosResponse,
  (error: unknown) => {
    if (error instanceof AxiosError) {
      const body: unknown = error.response?.data;
      if (isEnvelope(body)) return handleFailure(body, error.config);
    }
    return Promise.reject(error);
  },
);

/** The one request function: resolves with the envelope's `data`, typed by the caller. */
export function request<T>(config: AxiosRequestConfig): Promise<T> {
  return service.request(config) as unknown as Promise<T>;
}

export default service;

/** One id or several, as the `/{ids}` path segment of the delete routes: `1,2,3`. */
export type Ids = number | readonly number[];
export const idList = (ids: Ids) => (Array.isArray(ids) ? ids.join(',') : String(ids));

/** A binary GET (exports, templates, files): the whole response, so headers carry the file name. */
export const blob = (url: string, params?: object) =>
  request<AxiosResponse<Blob>>({ url, method: 'get', params, responseType: 'blob' });
