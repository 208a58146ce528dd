import { randomBytes } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { bearer, login, type TestApp } from '../../test/app.js';

/** Test helpers of the system-management modules. */

export interface Tokens {
  admin: string;
  root: string;
  committee: string;
}

export async function signInAll(t: TestApp): Promise<Tokens> {
  const [admin, root, committee] = await Promise.all([login(t, 'admin'), login(t, 'root'), login(t, 'committee')]);
  return { admin: admin.accessToken, root: root.accessToken, committee: committee.accessToken };
}

/**
 * The tokens of admin, root and committee on the suite's app (`useTestApp`), signed in by a `beforeAll` of
 * the calling suite registered after the app's; read in a hook or a test (before the sign-in they throw).
 */
export function useTokens(t: TestApp): Tokens {
  let signedIn: Tokens | undefined;
  beforeAll(async () => {
    signedIn = await signInAll(t);
  });
  const live = (): Tokens => {
    if (!signedIn) throw new Error('useTokens: the tokens are signed in by beforeAll; use them in a hook or a test');
    return signedIn;
  };
  return {
    get admin() {
      return live().admin;
    },
    get root() {
      return live().root;
    },
    get committee() {
      return live().committee;
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Call {
  method: Method;
  url: string;
  payload?: unknown;
}

/** Call an endpoint as `token` (or anonymously) and return status and body. */
export async function call(t: TestApp, token: string | null, c: Call, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: c.method,
    url: c.url,
    ...(c.payload === undefined ? {} : { payload: c.payload as Record<string, unknown> }),
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
  let body: { code: string; data: unknown; msg: string } | null = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, res };
}

/** Every call refuses anonymous callers (401 A0230) and the committee user (403 A0301). */
export async function expectGuarded(t: TestApp, tokens: Tokens, calls: Call[]) {
  for (const c of calls) {
    const anon = await call(t, null, c);
    expect([c.url, anon.status, anon.body?.code]).toEqual([c.url, 401, 'A0230']);
    const committee = await call(t, tokens.committee, c);
    expect([c.url, committee.status, committee.body?.code]).toEqual([c.url, 403, 'A0301']);
  }
}

/** A multipart body with one file part (and optional text fields). */
export function fileUpload(field: string, filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----baton${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function ok<T = unknown>(r: { status: number; body: { code: string; data: unknown; msg: string } | null }): T {
  expect(r.body?.msg && r.body.code !== '00000' ? `${r.status} ${r.body.code} ${r.body.msg}` : r.status).toBe(200);
  expect(r.body?.code).toBe('00000');
  return r.body!.data as T;
}
