import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import '../app/i18n';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { type BlobResponse, blob, HttpError, request } from './request';

/** A fake server behind `fetch` (the HTTP layer only): what was asked, and the envelope to answer. */
type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };
let seen: Seen[] = [];
let answer: (s: Seen) => { code: string; data: unknown; msg: string } | Response;

const realFetch = window.fetch;
window.fetch = async (input, init) => {
  const s: Seen = {
    url: String(input),
    method: init?.method ?? 'GET',
    headers: { ...(init?.headers as Record<string, string>) },
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
  };
  seen.push(s);
  const a = answer(s);
  if (a instanceof Response) return a;
  return new Response(JSON.stringify(a), { status: 200, headers: { 'content-type': 'application/json' } });
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

describe('the HTTP client', () => {
  it('sends the query encoded, the JSON body and the language, and resolves with data', async () => {
    answer = () => ({ code: '00000', data: { ok: 1 }, msg: '' });
    const data = await request<{ ok: number }>({
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
    await expect(request<string>({ url: '/api/v1/public/home', method: 'get' })).resolves.toBe('fresh');
    expect(seen.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ['/api/v1/public/home', 'Bearer old'],
      ['/api/v1/auth/getAccessTokenByRefreshToken', 'Bearer rt'],
      ['/api/v1/public/home', 'Bearer new'],
    ]);
  });

  it('rejects with the envelope of a refusal and tells the visitor (without antd: the lite toast)', async () => {
    answer = () => ({ code: 'A0404', data: null, msg: 'The meeting keeps its lists private' });
    await expect(request({ url: '/api/v1/public/meetings/7/entries', method: 'get' })).rejects.toMatchObject({
      code: 'A0404',
    });
    expect(document.querySelector('.lite-toast')?.textContent).toContain('The meeting keeps its lists private');
  });

  it('keeps B0001 silent for the caller to show', async () => {
    answer = () => ({ code: 'B0001', data: null, msg: 'busy' });
    await expect(request({ url: '/api/v1/public/home', method: 'get' })).rejects.toMatchObject({ code: 'B0001' });
    expect(document.querySelector('.lite-toast')).toBeNull();
  });

  it('resolves a binary call with the bytes and the headers that name the file', async () => {
    answer = () =>
      new Response(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), {
        status: 200,
        headers: { 'content-type': 'text/csv', 'Content-Disposition': "attachment; filename*=UTF-8''%E8%BF%90.csv" },
      });
    const res = await blob('/api/v1/users/export', { deptId: 3 });
    expect(seen[0]?.url).toBe('/api/v1/users/export?deptId=3');
    expect(await res.data.text()).toBe('a,b\n1,2\n');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''%E8%BF%90.csv");
  });

  it('rejects a refused binary call with its envelope (reported once), not with bytes', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 'A0301', data: null, msg: 'No access to this meeting' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    await expect(blob('/api/v1/competition/documents/1/startlist.pdf')).rejects.toMatchObject({ code: 'A0301' });
    expect(document.querySelector('.lite-toast')?.textContent).toContain('No access to this meeting');
  });

  it('rejects an answer that is no envelope with the HTTP status (a proxy page)', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const error = await request({ url: '/api/v1/public/home', method: 'get' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
  });

  it('reports upload progress of a multipart body up to the whole of it (sent through XMLHttpRequest)', async () => {
    const heard: { loaded: number; total: number }[] = [];
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'photo.jpg');
    // The test server has no such route: whatever it answers, the bytes went up first.
    await request<BlobResponse>({
      url: '/__baton_upload_probe__',
      method: 'post',
      data,
      onUploadProgress: (p) => heard.push(p),
    }).catch(() => undefined);
    expect(seen).toEqual([]);
    expect(heard.length).toBeGreaterThan(0);
    const last = heard.at(-1);
    expect(last?.total).toBeGreaterThan(2 * 1024 * 1024);
    expect(last?.loaded).toBe(last?.total);
  });
});
