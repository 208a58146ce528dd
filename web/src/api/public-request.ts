import { HTTP_TIMEOUT_MS } from '@baton/contracts';
import { authHeaders, handleFailure, isEnvelope, serializeParams } from './envelope';

/** A call: path, method, query parameters, a body (JSON, or FormData sent as multipart), extra headers. */
export interface PublicRequest {
  url: string;
  method: 'get' | 'post' | 'put' | 'delete';
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
}

/** A failed call whose answer was not the server's envelope (network, proxy, timeout). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

async function send<T>(call: PublicRequest, token?: string): Promise<T> {
  const query = call.params ? serializeParams(call.params as Record<string, unknown>) : '';
  const url = query ? `${call.url}?${query}` : call.url;
  const headers: Record<string, string> = { ...authHeaders(call.url), ...call.headers };
  if (token) headers.Authorization = token;
  const form = call.data instanceof FormData;
  // FormData: the browser labels it multipart/form-data with its boundary.
  if (call.data !== undefined && !form) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: call.method.toUpperCase(),
    headers,
    body: call.data === undefined ? undefined : form ? (call.data as FormData) : JSON.stringify(call.data),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const body: unknown = (res.headers.get('content-type') ?? '').includes('json') ? await res.json() : undefined;
  if (isEnvelope(body)) {
    if (body.code === '00000') return body.data as T;
    return handleFailure(body, token ? undefined : (fresh) => send<T>(call, fresh)) as Promise<T>;
  }
  if (!res.ok) throw new HttpError(res.status, `${res.status} ${res.statusText}`);
  return body as T;
}

/**
 * The client on `fetch` of the public pages and of the first bundle's calls (sign-in, session,
 * dictionaries, visits), so a visitor's first page and the login page do not download axios;
 * the same envelope handling as the console's client (request.ts, axios: uploads, downloads,
 * the console's pages) through envelope.ts. Resolves with `data`.
 */
export function publicRequest<T>(call: PublicRequest): Promise<T> {
  return send<T>(call);
}
