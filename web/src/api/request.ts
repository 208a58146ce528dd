import { type ExportJobVO, HTTP_TIMEOUT_MS, type ImportMode, type ImportReport } from '@baton/contracts';
import { authHeaders, handleFailure, isEnvelope, serializeParams } from './envelope';

/**
 * The web's one HTTP client, on `fetch` (small enough for the public pages' first bundle): query
 * strings, JSON or multipart bodies, binary downloads, the server's envelope (spec §3: `data` on
 * success; the failure handling of envelope.ts, with an expired token refreshed and the call
 * repeated once), and upload progress for large uploads (photos, documents, imports), which
 * `fetch` cannot report: those few calls go through XMLHttpRequest, with the same answer handling.
 */

export type { Envelope } from './envelope';
export { isEnvelope, REFRESH_PATH, refreshAccessToken, serializeParams, setSessionExpiredHandler } from './envelope';

/** How much of an upload has gone: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A call: path, method, query parameters, a body (JSON, or FormData sent as multipart), extra headers. */
export interface RequestConfig {
  url: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  /** `blob`: resolve with the whole binary answer (its headers carry the file name). */
  responseType?: 'json' | 'blob';
  /** Upload progress of a multipart body (sent through XMLHttpRequest). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** A binary answer: the bytes and the answer's headers (names in lower case). */
export interface BlobResponse {
  data: Blob;
  headers: Record<string, string>;
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

/** What the transport hands back: status, headers and the body as text or bytes. */
interface RawAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Blob;
}

function urlOf(config: RequestConfig): string {
  const query = config.params ? serializeParams(config.params as Record<string, unknown>) : '';
  return query ? `${config.url}?${query}` : config.url;
}

function headersOf(config: RequestConfig, token?: string): Record<string, string> {
  const headers: Record<string, string> = { ...authHeaders(config.url), ...config.headers };
  if (token) headers.Authorization = token;
  // FormData: the browser labels it multipart/form-data with its boundary.
  if (config.data !== undefined && !(config.data instanceof FormData)) headers['Content-Type'] = 'application/json';
  return headers;
}

function bodyOf(config: RequestConfig): BodyInit | undefined {
  if (config.data === undefined) return undefined;
  return config.data instanceof FormData ? config.data : JSON.stringify(config.data);
}

async function viaFetch(config: RequestConfig, token?: string): Promise<RawAnswer> {
  const res = await fetch(urlOf(config), {
    method: (config.method ?? 'get').toUpperCase(),
    headers: headersOf(config, token),
    body: bodyOf(config),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: res.status, statusText: res.statusText, headers, body: await res.blob() };
}

function viaXhr(config: RequestConfig, token?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open((config.method ?? 'post').toUpperCase(), urlOf(config));
    xhr.responseType = 'blob';
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(headersOf(config, token))) xhr.setRequestHeader(name, value);
    const progress = config.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (e) => progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, headers, body: xhr.response as Blob });
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new DOMException('The operation timed out.', 'TimeoutError'));
    xhr.send(bodyOf(config) as XMLHttpRequestBodyInit | null | undefined);
  });
}

async function readEnvelope(raw: RawAnswer): Promise<unknown> {
  if (!(raw.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(await raw.body.text()) as unknown;
  } catch {
    return undefined;
  }
}

async function send<T>(config: RequestConfig, token?: string): Promise<T> {
  const raw = config.onUploadProgress ? await viaXhr(config, token) : await viaFetch(config, token);
  const binary = config.responseType === 'blob';
  // A binary call answers bytes; a failed one answers the JSON envelope like every other call.
  if (binary && raw.status < 400 && !(raw.headers['content-type'] ?? '').includes('json')) {
    return { data: raw.body, headers: raw.headers } satisfies BlobResponse as T;
  }
  const body = await readEnvelope(raw);
  if (isEnvelope(body)) {
    if (body.code === '00000') {
      return (binary ? ({ data: raw.body, headers: raw.headers } satisfies BlobResponse) : body.data) as T;
    }
    return handleFailure(body, token ? undefined : (fresh) => send<T>(config, fresh)) as Promise<T>;
  }
  if (raw.status >= 400) throw new HttpError(raw.status, `${raw.status} ${raw.statusText}`);
  if (binary) return { data: raw.body, headers: raw.headers } satisfies BlobResponse as T;
  return body as T;
}

/** The one request function: resolves with the envelope's `data` (or a `BlobResponse`), typed by the caller. */
export function request<T>(config: RequestConfig): Promise<T> {
  return send<T>(config);
}

/** One id or several, as the `/{ids}` path segment of the delete routes: `1,2,3`. */
export type Ids = number | readonly number[];
export const idList = (ids: Ids) => (Array.isArray(ids) ? ids.join(',') : String(ids));

/** A binary GET (exports, templates, files): the bytes and the headers, which carry the file name. */
export const blob = (url: string, params?: object) =>
  request<BlobResponse>({ url, method: 'get', params, responseType: 'blob' });

/** A server-paged list: `GET url` with the filters, the sort and the page (`Q`), answering rows of `T`. */
export const pageApi =
  <T, Q extends object>(url: string) =>
  (params: Q) =>
    request<PageResult<T>>({ url, method: 'get', params });

/**
 * The record endpoints most modules have under `base`: the form (`GET base/{id}/form`), create
 * (`POST base`), update (`PUT base/{id}`, the body with the version read) and delete
 * (`DELETE base/{ids}`). `F` is what the form and the writes answer, `B` the create and `U` the
 * update body.
 */
export const recordApi = <F, B, U>(base: string) => ({
  form: (id: number) => request<F>({ url: `${base}/${id}/form`, method: 'get' }),
  create: (data: B) => request<F>({ url: base, method: 'post', data }),
  update: (id: number, data: U) => request<F>({ url: `${base}/${id}`, method: 'put', data }),
  remove: (ids: Ids) => request<null>({ url: `${base}/${idList(ids)}`, method: 'delete' }),
});

/**
 * A big export made as a job on the server (the contracts' ExportJobVO): `start` with the list's
 * filters, `job` how far it is, `file` the workbook once done. `components/crud`'s
 * ExportJobButton follows one with a progress bar.
 */
export const exportJobApi = <P extends object>(url: string) => ({
  start: (params: P) => request<ExportJobVO>({ url, method: 'post', params }),
  job: (id: string) => request<ExportJobVO>({ url: `${url}/jobs/${encodeURIComponent(id)}`, method: 'get' }),
  file: (id: string) => blob(`${url}/jobs/${encodeURIComponent(id)}/file`),
});
export type ExportJobApi<P extends object> = ReturnType<typeof exportJobApi<P>>;

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

/** A write of rows (an import, a batch) as it is meant: all or nothing, or the valid rows only. */
export type WriteMode = Exclude<ImportMode, 'preview'>;

/**
 * A spreadsheet import (`POST url`): the file with its column re-map, the mode and the other
 * `params` in the query; answers the row-by-row report.
 */
export const importSheet = <P extends { mode: ImportMode }>(
  url: string,
  file: File,
  params: P,
  mapping?: ImportMapping,
) => request<ImportReport>({ url, method: 'post', params, data: importForm(file, mapping) });

/** A page of rows, as every `/page` call answers. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

/**
 * A list query as the web sends it. The contracts' `sortKey` is a union built from a key list,
 * which TypeBox's static type cannot see through; the server still checks it against that list.
 */
export type ListQuery<T> = Partial<Omit<T, 'sortKey'>> & { sortKey?: string };
