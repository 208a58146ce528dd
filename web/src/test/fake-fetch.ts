import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll } from 'vitest';
import service from '../api/request';
import { useAppStore } from '../stores/app';

/**
 * Component tests fake the server at the HTTP layer. The console's calls go through axios (its
 * adapter is swapped), the public pages' through `fetch` (public-request.ts): this puts the same
 * fake behind `fetch`, so one fake answers both. The query string comes back as `params`
 * (whole numbers as numbers, as the server's schemas read them), a JSON body parsed (FormData as
 * it is) as `data`.
 * Returns the function that puts the real `fetch` back.
 */
export function fakeFetch(adapter: AxiosAdapter): () => void {
  const real = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) params[key] = /^\d+$/.test(value) ? Number(value) : value;
    const config = {
      url: url.pathname,
      method: (init?.method ?? 'GET').toLowerCase(),
      params,
      data: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
      headers: init?.headers ?? {},
    } as unknown as InternalAxiosRequestConfig;
    const res = await adapter(config);
    return new Response(JSON.stringify(res.data), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return () => {
    window.fetch = real;
  };
}

/** For a whole test file: `adapter` answers every request (axios and `fetch`), and the pages speak English. */
export function serveFake(adapter: AxiosAdapter): void {
  const originalAdapter = service.defaults.adapter;
  let realFetch = () => {};
  beforeAll(() => {
    service.defaults.adapter = adapter;
    realFetch = fakeFetch(adapter);
    useAppStore.getState().setLanguage('en');
  });
  afterAll(() => {
    service.defaults.adapter = originalAdapter;
    realFetch();
  });
}
