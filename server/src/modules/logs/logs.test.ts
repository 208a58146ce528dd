import type { ExportJobVO, LoginLogVO, OplogDetailVO, OplogVO } from '@baton/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../../lib/excel.js';
import { bearer, loginRequest, useTestApp } from '../../test/app.js';
import { call, expectGuarded, ok, useTokens } from '../users/testkit.js';

const t = useTestApp();
const tk = useTokens(t);
beforeAll(async () => {
  await loginRequest(t, 'admin', 'wrong-password');
});

type Paged<T> = { list: T[]; total: number };

/**
 * An export as the page makes it: start the job, follow it to the end (its progress never goes
 * back), then fetch the workbook. Answers the file's response.
 */
async function exported(url: string, token: string, headers: Record<string, string> = {}) {
  let job = ok<ExportJobVO>(await call(t, token, { method: 'POST', url }, headers));
  const base = url.split('?')[0];
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const next = ok<ExportJobVO>(await call(t, token, { method: 'GET', url: `${base}/jobs/${job.id}` }, headers));
    expect(next.done).toBeGreaterThanOrEqual(job.done);
    job = next;
  }
  expect(job.status, job.error ?? '').toBe('done');
  expect(job.done).toBe(job.total);
  const file = await t.app.inject({
    method: 'GET',
    url: `${base}/jobs/${job.id}/file`,
    headers: { ...bearer(token), ...headers },
  });
  expect(file.statusCode).toBe(200);
  expect(job.bytes).toBe(file.rawPayload.length);
  return file;
}

describe('logs', () => {
  it('refuses anonymous callers and users without sys:log perms', async () => {
    await expectGuarded(t, tk, [
      { method: 'GET', url: '/api/v1/logs/login/page' },
      { method: 'POST', url: '/api/v1/logs/login/export' },
      { method: 'GET', url: '/api/v1/logs/login/export/jobs/x' },
      { method: 'GET', url: '/api/v1/logs/operation/page' },
      { method: 'POST', url: '/api/v1/logs/operation/export' },
      { method: 'GET', url: '/api/v1/logs/operation/export/jobs/x/file' },
      { method: 'GET', url: '/api/v1/logs/operation/1' },
    ]);
  });

  it('has no route that edits or deletes a log', async () => {
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/v1/logs/operation/1', '/api/v1/logs/login/1', '/api/v1/logs/operation/page']) {
        expect((await call(t, tk.root, { method, url })).status).toBe(404);
      }
    }
  });

  it('lists and filters sign-ins', async () => {
    const page = (q: string) =>
      call(t, tk.admin, { method: 'GET', url: `/api/v1/logs/login/page?${q}` }).then((r) => ok<Paged<LoginLogVO>>(r));
    const all = await page('pageSize=100');
    expect(all.total).toBe(4);
    const failed = await page('success=false');
    expect(failed.list.map((l) => [l.username, l.code])).toEqual([['admin', 'A0210']]);
    expect((await page('keywords=committee')).total).toBe(1);
    expect((await page('keywords=127.0.0')).total).toBe(4);
    expect((await page('createTimeEnd=2001-01-01')).total).toBe(0);
    const asc = await page('sortKey=createdAt&sortDir=asc');
    expect(asc.list.at(-1)!.success).toBe(false);
    const res = await exported('/api/v1/logs/login/export?success=true', tk.admin, { 'accept-language': 'en' });
    expect(res.headers['content-disposition']).toContain('login-log');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows.length).toBe(3);
    expect(rows[0]!.values.Outcome).toBe('Success');
  });

  it('records every write with before/after, and filters operations', async () => {
    const created = ok<{ id: number; version: number; name: string }>(
      await call(t, tk.admin, { method: 'POST', url: '/api/v1/dept', payload: { name: '后勤', nameEn: 'Logistics' } }),
    );
    ok(
      await call(t, tk.admin, {
        method: 'PUT',
        url: `/api/v1/dept/${created.id}`,
        payload: { ...created, name: '后勤保障' },
      }),
    );
    await call(t, tk.admin, {
      method: 'PUT',
      url: `/api/v1/dept/${created.id}`,
      payload: { ...created, name: 'stale' },
    });
    await call(t, tk.committee, { method: 'DELETE', url: `/api/v1/dept/${created.id}` });

    const page = (q: string) =>
      call(t, tk.admin, { method: 'GET', url: `/api/v1/logs/operation/page?${q}` }).then((r) => ok<Paged<OplogVO>>(r));
    const dept = await page('module=dept&pageSize=50&sortKey=createdAt&sortDir=asc');
    expect(dept.list.map((o) => [o.method, o.status, o.username])).toEqual([
      ['POST', 200, 'admin'],
      ['PUT', 200, 'admin'],
      ['PUT', 409, 'admin'],
      ['DELETE', 403, 'committee'],
    ]);
    expect((await page('module=dept&outcome=error')).total).toBe(2);
    expect((await page('module=dept&outcome=ok&method=PUT')).total).toBe(1);
    expect((await page('keywords=committee')).total).toBe(1);
    expect((await page('sortKey=durationMs&sortDir=desc')).list.length).toBeGreaterThan(0);

    const detail = ok<OplogDetailVO>(
      await call(t, tk.admin, { method: 'GET', url: `/api/v1/logs/operation/${dept.list[1]!.id}` }),
    );
    expect(detail).toMatchObject({ module: 'dept', target: `${created.id} 后勤保障`, code: '00000' });
    expect(detail.before).toMatchObject({ name: '后勤' });
    expect(detail.after).toMatchObject({ name: '后勤保障' });
    expect((await call(t, tk.admin, { method: 'GET', url: '/api/v1/logs/operation/99999999' })).status).toBe(404);

    const res = await exported('/api/v1/logs/operation/export?module=dept', tk.admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await readXlsx(res.rawPayload)).rows.length).toBe(4);
  });

  it('an export job is its starter’s: another administrator does not find it; an unknown one is gone', async () => {
    const job = ok<ExportJobVO>(await call(t, tk.admin, { method: 'POST', url: '/api/v1/logs/operation/export' }));
    const url = `/api/v1/logs/operation/export/jobs/${job.id}`;
    expect((await call(t, tk.root, { method: 'GET', url })).status).toBe(410);
    expect((await call(t, tk.root, { method: 'GET', url: `${url}/file` })).status).toBe(410);
    expect((await call(t, tk.admin, { method: 'GET', url: '/api/v1/logs/operation/export/jobs/nope' })).status).toBe(
      410,
    );
    expect(
      (await call(t, tk.admin, { method: 'GET', url: '/api/v1/logs/operation/export/jobs/bad%20id' })).status,
    ).toBe(400);
  });

  it('refuses bad filters', async () => {
    for (const q of [
      'method=GET',
      'outcome=maybe',
      'sortKey=ip',
      'createTimeStart=yesterday',
      'success=perhaps',
      'pageSize=100000',
    ]) {
      const r = await call(t, tk.admin, { method: 'GET', url: `/api/v1/logs/operation/page?${q}` });
      const l = await call(t, tk.admin, { method: 'GET', url: `/api/v1/logs/login/page?${q}` });
      expect([q, r.status === 400 || l.status === 400]).toEqual([q, true]);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every system-management endpoint with tags, parameters and a 200 answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    };
    const expected: [string, string][] = [
      ['get', '/api/v1/users/page'],
      ['get', '/api/v1/users/{id}/form'],
      ['post', '/api/v1/users'],
      ['put', '/api/v1/users/{id}'],
      ['delete', '/api/v1/users/{ids}'],
      ['put', '/api/v1/users/{id}/password/reset'],
      ['get', '/api/v1/users/template'],
      ['get', '/api/v1/users/export'],
      ['post', '/api/v1/users/import'],
      ['get', '/api/v1/users/profile'],
      ['put', '/api/v1/users/profile'],
      ['put', '/api/v1/users/password'],
      ['get', '/api/v1/users/options'],
      ['get', '/api/v1/users/getUser'],
      ['get', '/api/v1/roles/page'],
      ['get', '/api/v1/roles/options'],
      ['get', '/api/v1/roles/{id}/form'],
      ['post', '/api/v1/roles'],
      ['put', '/api/v1/roles/{id}'],
      ['delete', '/api/v1/roles/{ids}'],
      ['get', '/api/v1/roles/{id}/menuIds'],
      ['put', '/api/v1/roles/{id}/menus'],
      ['get', '/api/v1/menus'],
      ['get', '/api/v1/menus/options'],
      ['get', '/api/v1/menus/{id}/form'],
      ['post', '/api/v1/menus'],
      ['put', '/api/v1/menus/{id}'],
      ['delete', '/api/v1/menus/{id}'],
      ['get', '/api/v1/dept'],
      ['get', '/api/v1/dept/options'],
      ['get', '/api/v1/dept/{id}/form'],
      ['post', '/api/v1/dept'],
      ['put', '/api/v1/dept/{id}'],
      ['delete', '/api/v1/dept/{ids}'],
      ['get', '/api/v1/dict/page'],
      ['get', '/api/v1/dict/{id}/form'],
      ['post', '/api/v1/dict'],
      ['put', '/api/v1/dict/{id}'],
      ['delete', '/api/v1/dict/{ids}'],
      ['get', '/api/v1/dict/list'],
      ['get', '/api/v1/dict/lista'],
      ['get', '/api/v1/dict-data/page'],
      ['get', '/api/v1/dict-data/{id}/form'],
      ['post', '/api/v1/dict-data'],
      ['put', '/api/v1/dict-data/{id}'],
      ['delete', '/api/v1/dict-data/{ids}'],
      ['get', '/api/v1/config/page'],
      ['get', '/api/v1/config/{id}/form'],
      ['post', '/api/v1/config'],
      ['put', '/api/v1/config/{id}'],
      ['delete', '/api/v1/config/{ids}'],
      ['get', '/api/v1/config/public'],
      ['post', '/api/v1/config/refresh'],
      ['get', '/api/v1/logs/login/page'],
      ['post', '/api/v1/logs/login/export'],
      ['get', '/api/v1/logs/login/export/jobs/{job}'],
      ['get', '/api/v1/logs/login/export/jobs/{job}/file'],
      ['get', '/api/v1/logs/operation/page'],
      ['post', '/api/v1/logs/operation/export'],
      ['get', '/api/v1/logs/operation/{id}'],
    ];
    for (const [method, path] of expected) {
      const op = doc.paths[path]?.[method];
      expect([method, path, !!op, !!op?.tags?.length, !!op?.responses?.['200']]).toEqual([
        method,
        path,
        true,
        true,
        true,
      ]);
    }
  });
});
