import { afterAll, beforeAll } from 'vitest';
import { useAppStore } from '../stores/app';

/**
 * Component tests fake the server at the HTTP layer: `fetch` (and, for uploads with progress,
 * XMLHttpRequest is not used by these tests) is replaced by a function that answers each call.
 * The query string comes back as `params` (whole numbers as numbers, as the server's schemas
 * read them), a JSON body parsed (FormData as it is) as `data`.
 */

/** A call as the fake server sees it. */
export interface FakeCall {
  url: string;
  method: string;
  params: Record<string, unknown>;
  data: unknown;
  headers: Record<string, string>;
}

/** What the fake server answers: the body (JSON, or a Blob sent as it is), a status and headers. */
export interface FakeAnswer {
  data: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** A fake server. A rejected answer is a dropped connection (`fetch` rejects, as a browser's does). */
export type FakeServer = (call: FakeCall) => Promise<FakeAnswer>;

/** A fake server's answer: the envelope `{ code, data, msg }` around `data`, status 200. */
export const envelope = (data: unknown, code = '00000', msg = ''): Promise<FakeAnswer> =>
  Promise.resolve({ data: { code, data, msg }, status: 200 });

/** Puts `server` behind `fetch`. Returns the function that puts the real `fetch` back. */
export function fakeFetch(server: FakeServer): () => void {
  const real = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) params[key] = /^\d+$/.test(value) ? Number(value) : value;
    let res: FakeAnswer;
    try {
      res = await server({
        url: url.pathname,
        method: (init?.method ?? 'GET').toLowerCase(),
        params,
        data: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      });
    } catch {
      throw new TypeError('Failed to fetch');
    }
    if (res.data instanceof Blob) {
      return new Response(res.data, { status: res.status ?? 200, headers: res.headers ?? {} });
    }
    const body = typeof res.data === 'string' ? res.data : JSON.stringify(res.data);
    return new Response(body, {
      status: res.status ?? 200,
      headers: { 'content-type': typeof res.data === 'string' ? 'text/plain' : 'application/json', ...res.headers },
    });
  };
  return () => {
    window.fetch = real;
  };
}

/** For a whole test file: `server` answers every request, and the pages speak English. */
export function serveFake(server: FakeServer): void {
  let realFetch = () => {};
  beforeAll(() => {
    realFetch = fakeFetch(server);
    useAppStore.getState().setLanguage('en');
  });
  afterAll(() => {
    realFetch();
  });
}
