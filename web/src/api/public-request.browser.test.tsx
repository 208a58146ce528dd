import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import '../app/i18n';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { publicRequest } from './public-request';

/** A fake server behind `fetch` (the HTTP layer only): what was asked, and the envelope to answer. */
type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };
let seen: Seen[] = [];
let answer: (s: Seen) => { code: string; data: unknown; msg: string };

const realFetch = window.fetch;
window.fetch = async (input, init) => {
  const s: Seen = {
    url: String(input),
    method: init?.method ?? 'GET',
    headers: { ...(init?.headers as Record<string, string>) },
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
  };
  seen.push(s);
  return new Response(JSON.stringify(answer(s)), { status: 200, headers: { 'content-type': 'application/json' } });
};
afterAll(() => {
  window.fetch = realFetch;
});

beforeEach(() => {
  seen = [];
  useUserStore.getState().clear();
  useAppStore.getState().setLanguage('en');
  for (const el of document.querySelectorAll('.lite-toast')) el.remove();
});

describe('the fetch client', () => {
  it('sends the query encoded, the JSON body and the language, and resolves with data', async () => {
    answer = () => ({ code: '00000', data: { ok: 1 }, msg: '' });
    const data = await publicRequest<{ ok: number }>({
      url: '/api/v1/public/query',
      method: 'post',
      params: { name: '林浩然', empty: '', ids: [1, 2] },
      data: { a: 1 },
    });
    expect(data).toEqual({ ok: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/v1/public/query?name=%E6%9E%97%E6%B5%A9%E7%84%B6&ids=1&ids=2');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toEqual({ a: 1 });
    expect(seen[0]?.headers['Accept-Language']).toBe('en');
    expect(seen[0]?.headers['Content-Type']).toBe('application/json');
    expect(seen[0]?.headers.Authorization).toBeUndefined();
  });

  it('refreshes an expired token once and repeats the call with the new one', async () => {
    useUserStore.getState().setTokens({ tokenType: 'Bearer', accessToken: 'old', refreshToken: 'rt' });
    answer = (s) => {
      if (s.url.includes('getAccessTokenByRefreshToken'))
        return { code: '00000', data: { tokenType: 'Bearer', accessToken: 'new', refreshToken: 'rt2' }, msg: '' };
      return s.headers.Authorization === 'Bearer new'
        ? { code: '00000', data: 'fresh', msg: '' }
        : { code: 'A0230', data: null, msg: 'expired' };
    };
    await expect(publicRequest<string>({ url: '/api/v1/public/home', method: 'get' })).resolves.toBe('fresh');
    expect(seen.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ['/api/v1/public/home', 'Bearer old'],
      ['/api/v1/auth/getAccessTokenByRefreshToken', 'Bearer rt'],
      ['/api/v1/public/home', 'Bearer new'],
    ]);
  });

  it('rejects with the envelope of a refusal and tells the visitor (without antd: the lite toast)', async () => {
    answer = () => ({ code: 'A0404', data: null, msg: 'The meeting keeps its lists private' });
    await expect(publicRequest({ url: '/api/v1/public/meetings/7/entries', method: 'get' })).rejects.toMatchObject({
      code: 'A0404',
    });
    expect(document.querySelector('.lite-toast')?.textContent).toContain('The meeting keeps its lists private');
  });

  it('keeps B0001 silent for the caller to show', async () => {
    answer = () => ({ code: 'B0001', data: null, msg: 'busy' });
    await expect(publicRequest({ url: '/api/v1/public/home', method: 'get' })).rejects.toMatchObject({ code: 'B0001' });
    expect(document.querySelector('.lite-toast')).toBeNull();
  });
});
