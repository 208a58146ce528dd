/** Helpers shared by the tests of the account, verification, files, notices, realtime and stats modules. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { outbox, role, user, userRole } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { TEST_PASSWORD, type TestApp } from '../../test/app.js';

let cachedHash: Promise<string> | null = null;

/** A user with the given roles and TEST_PASSWORD; returns its id. */
export async function createUser(
  t: TestApp,
  username: string,
  opts: { roles?: string[]; userType?: number; mobile?: string; email?: string } = {},
): Promise<number> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const { db } = t.database;
  const [row] = await db
    .insert(user)
    .values({
      username,
      nickname: username,
      passwordHash: await cachedHash,
      userType: opts.userType ?? 50,
      mobile: opts.mobile ?? null,
      email: opts.email ?? null,
    })
    .returning({ id: user.id });
  for (const code of opts.roles ?? []) {
    const [r] = await db.select({ id: role.id }).from(role).where(eq(role.code, code));
    await db.insert(userRole).values({ userId: row!.id, roleId: r!.id });
  }
  return row!.id;
}

/** The code in the newest outbox message to `target` (the console sender's record). */
export async function latestCode(t: TestApp, target: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.target, target))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ? (/\b(\d{6})\b/.exec(row.text)?.[1] ?? null) : null;
}

/** multipart/form-data with text fields and one file, for app.inject. */
export function fileForm(fields: Record<string, string>, file?: { field?: string; filename: string; bytes: Buffer }) {
  const boundary = `----baton${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A tiny valid PNG (1×1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const PDF_MINI = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A WebSocket client that records every frame it receives. */
export interface TestSocket {
  ws: WebSocket;
  frames: { topic: string; data: unknown }[];
  /** Resolves with the first frame of `topic` (also one already received), or rejects after `ms`. */
  next(topic: string, ms?: number): Promise<{ topic: string; data: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connect(baseUrl: string, token?: string): TestSocket {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const ws = new WebSocket(url);
  const frames: { topic: string; data: unknown }[] = [];
  const waiters: { topic: string; resolve: (f: { topic: string; data: unknown }) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { topic: string; data: unknown };
    frames.push(frame);
    for (const w of waiters.filter((x) => x.topic === frame.topic)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    ws,
    frames,
    closed,
    next(topic, ms = 2000) {
      const seen = frames.find((f) => f.topic === topic);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${topic}" frame within ${ms} ms`)), ms);
        waiters.push({
          topic,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    close: () => ws.close(),
  };
}

/** Start `app` listening on a free port of 127.0.0.1; returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Sockets to the suite's app (`useTestApp`): a `beforeAll` of the calling suite, registered after the ones
 * before this call, starts the app listening (`baseUrl`); `open` connects as `token` (anonymously without
 * one), and an `afterAll` closes every socket opened. Use them in a hook or a test.
 */
export function useSockets(t: TestApp): { open(token?: string): TestSocket; readonly baseUrl: string } {
  let baseUrl: string | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    baseUrl = await listen(t.app);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const live = (): string => {
    if (!baseUrl) throw new Error('useSockets: the app listens from beforeAll; use the sockets in a hook or a test');
    return baseUrl;
  };
  return {
    open(token?: string) {
      const s = connect(live(), token);
      sockets.push(s);
      return s;
    },
    get baseUrl() {
      return live();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
