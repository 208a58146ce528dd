import { HTTP_TIMEOUT_MS } from '@baton/contracts';
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { authHeaders, type Envelope, handleFailure, isEnvelope, serializeParams } from './envelope';

/**
 * The console's client (axios: uploads, downloads, progress). The public pages use the fetch
 * client of public-request.ts; both share the answer handling of envelope.ts.
 */

export type { Envelope } from './envelope';
export { isEnvelope, REFRESH_PATH, refreshAccessToken, serializeParams, setSessionExpiredHandler } from './envelope';

interface RetryConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

const service = axios.create({
  baseURL: '',
  timeout: HTTP_TIMEOUT_MS,
  // No default Content-Type: axios sends objects as JSON and lets the browser label FormData (multipart).
  paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, unknown>) },
});

service.interceptors.request.use((config) => {
  for (const [name, value] of Object.entries(authHeaders(config.url ?? ''))) config.headers[name] = value;
  return config;
});

/* ---- answers ---- */

function onFailure(body: Envelope, config: RetryConfig | undefined): Promise<unknown> {
  const retry =
    config && !config._retried
      ? (token: string) => {
          config._retried = true;
          config.headers.Authorization = token;
          return service.request(config);
        }
      : undefined;
  return handleFailure(body, retry);
}

/** Success answers unwrap to `data`; binary downloads keep the whole response (headers carry the name). */
function onAnswer(res: AxiosResponse): unknown {
  const type = res.config.responseType;
  if (type === 'blob' || type === 'arraybuffer') return res;
  const body: unknown = res.data;
  if (!isEnvelope(body)) return body;
  if (body.code === '00000') return body.data;
  return onFailure(body, res.config);
}

service.interceptors.response.use(
  // The interceptor changes the resolved type on purpose; `request<T>` restores it for callers.
  onAnswer as (res: AxiosResponse) => AxiosResponse,
  (error: unknown) => {
    if (error instanceof AxiosError) {
      const body: unknown = error.response?.data;
      if (isEnvelope(body)) return onFailure(body, error.config);
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

/**
 * The column re-map of a spreadsheet import: column index (0-based, A = 0) → field key, or null to
 * leave the column out. Sent with the preview and again with the real import.
 */
export type ImportMapping = Record<string, string | null>;

/**
 * The multipart body of a spreadsheet import: the mapping as JSON, then the file (fields before
 * the file reach the server with it; a field after it would not be read).
 */
export function importForm(file: File, mapping: ImportMapping = {}): FormData {
  const data = new FormData();
  data.append('mapping', JSON.stringify(mapping));
  data.append('file', file);
  return data;
}
