import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { useAppStore } from '../../../stores/app';
import { type FakeAnswer, type FakeCall, type FakeServer, fakeFetch } from '../../../test/fake-fetch';
import ApiDocPage from './index';
import type { OpenApiDoc } from './openapi';

/* ---- a fake server behind fetch: each GET /api/openapi.json takes the next answer ---- */

type Answer = (call: FakeCall) => Promise<FakeAnswer>;
let answers: Answer[] = [];
let asked = 0;

const ok =
  (data: unknown): Answer =>
  () =>
    Promise.resolve({ data, status: 200 });
/** No answer at all (a dropped connection): `fetch` rejects. */
const dropped: Answer = () => Promise.reject(new Error('connection dropped'));
/** An answer that only comes when the test says so. */
function later(): { answer: Answer; resolve: (data: unknown) => void } {
  let resolve: (data: unknown) => void = () => {};
  const pending = new Promise<unknown>((r) => {
    resolve = r;
  });
  return {
    answer: (config) => pending.then((data) => ok(data)(config)),
    resolve: (data) => resolve(data),
  };
}

const fakeServer: FakeServer = (config) => {
  if (config.url !== '/api/openapi.json') return Promise.reject(new Error(`not faked: ${config.url}`));
  asked += 1;
  const next = answers.shift();
  if (!next) return Promise.reject(new Error('no answer left for /api/openapi.json'));
  return next(config);
};

const DOC: OpenApiDoc = {
  openapi: '3.0.3',
  info: { title: 'Baton API', version: '0.1.0' },
  paths: {
    '/api/v1/auth/login': { post: { tags: ['auth'], summary: 'Sign in' } },
    '/api/v1/dict/list': { get: { tags: ['dict'], summary: 'Dictionaries' } },
    '/api/v1/dict/{id}': { get: { tags: ['dict'] }, delete: { tags: ['dict'] } },
  },
};

const body = () => document.body;
const count = () => body().querySelector('[data-testid="api-count"]')?.textContent ?? null;
const operations = () => [...body().querySelectorAll('[data-testid="api-op-path"]')].map((e) => e.textContent);
const loading = () => body().querySelector('[data-testid="api-doc-loading"]') !== null;
const error = () => body().querySelector('[data-testid="api-doc-error"]')?.textContent ?? null;
const retry = () => body().querySelector<HTMLButtonElement>('[data-testid="api-doc-retry"]')!;

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiDocPage />
    </QueryClientProvider>,
  );
}

let realFetch = () => {};
beforeAll(() => {
  realFetch = fakeFetch(fakeServer);
});
afterAll(() => {
  realFetch();
});
beforeEach(async () => {
  answers = [];
  asked = 0;
  // The count sits in the card's header, which the phone layout leaves out.
  useAppStore.setState({ device: 'desktop' });
  await i18n.changeLanguage('en');
});

describe('API docs page', () => {
  it('shows loading, and no count, until the document is in; then its operations and their number', async () => {
    const slow = later();
    answers = [slow.answer];
    await open();
    await expect.poll(loading).toBe(true);
    await expect.poll(() => asked).toBe(1);
    expect(count()).toBeNull();
    expect(operations()).toEqual([]);
    expect(body().textContent).not.toContain('0 operations');

    slow.resolve(DOC);
    await expect.poll(count).toBe('4 operations');
    expect(loading()).toBe(false);
    expect(error()).toBeNull();
    // By tag, then by path (and method) within one.
    expect(operations()).toEqual(['/api/v1/auth/login', '/api/v1/dict/{id}', '/api/v1/dict/{id}', '/api/v1/dict/list']);
  });

  it('says the document could not be loaded (in the language shown) and loads it on retry, never counting 0', async () => {
    answers = [ok('<html>Bad gateway</html>'), dropped, ok(DOC)];
    await open();
    await expect.poll(error).toContain('The API document could not be loaded');
    expect(error()).toContain('The server did not answer with an OpenAPI document.');
    expect(count()).toBeNull();
    expect(operations()).toEqual([]);

    // The reason follows a language switch made after the failure.
    await i18n.changeLanguage('zh-cn');
    await expect.poll(error).toContain('接口文档加载失败');
    expect(error()).toContain('服务器返回的不是 OpenAPI 文档。');
    // (antd spaces out a button's two CJK characters.)
    expect(retry().textContent).toMatch(/^重\s?试$/);
    await i18n.changeLanguage('en');
    await expect.poll(error).toContain('The API document could not be loaded');

    // No answer at all: still an error (without the browser's English), still no count.
    retry().click();
    await expect.poll(() => asked).toBe(2);
    // The new failure has no reason of its own to give: the old one goes, the title stays.
    await expect.poll(error).not.toContain('did not answer');
    expect(error()).toContain('The API document could not be loaded');
    expect(error()).not.toContain('Failed to fetch');
    expect(count()).toBeNull();

    retry().click();
    await expect.poll(count).toBe('4 operations');
    expect(error()).toBeNull();
    expect(operations()).toHaveLength(4);
    expect(asked).toBe(3);
  });

  it('counts 0 only for a document that has no operations', async () => {
    answers = [ok({ openapi: '3.0.3', info: { title: 'Empty API' }, paths: {} })];
    await open();
    await expect.poll(count).toBe('0 operations');
    expect(error()).toBeNull();
    expect(operations()).toEqual([]);
    expect(body().querySelector('.ant-empty')).not.toBeNull();
  });
});
