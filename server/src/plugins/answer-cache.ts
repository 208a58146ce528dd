import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { DataVersion } from '../db/data-version.js';
import { ok } from './envelope.js';

interface Answer {
  /** The data version the answer was built under: it is served while the version is the same. */
  version: number;
  /** When it was built: answers that also depend on the clock (registration open until …) live MAX_AGE_MS. */
  builtAt: number;
  /** The serialized answer (UTF-8). */
  body: Buffer;
  etag: string;
}

/** The longest an answer is served: a public answer that depends on the time of day is at most this late. */
const MAX_AGE_MS = 10_000;

/**
 * Serialized answers of hot public reads, in memory: served while the database's data version
 * (`DataVersion`, bumped after every committed change here and, with REDIS_URL, on the other
 * instances) has not moved since the answer was built. Least recently used answers go first
 * once the count or the bytes exceed the bounds.
 */
export class AnswerCache {
  readonly #answers = new Map<string, Answer>();
  #bytes = 0;
  /** Answers being built: requests for the same key wait for that one build (no stampede). */
  readonly #building = new Map<string, Promise<void>>();

  constructor(
    readonly version: DataVersion,
    readonly maxEntries = 5_000,
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size() {
    return { entries: this.#answers.size, bytes: this.#bytes };
  }

  get(key: string): Answer | undefined {
    const hit = this.#answers.get(key);
    if (!hit) return undefined;
    this.#answers.delete(key);
    if (hit.version !== this.version.value || Date.now() - hit.builtAt > MAX_AGE_MS) {
      this.#bytes -= hit.body.length;
      return undefined;
    }
    this.#answers.set(key, hit);
    return hit;
  }

  /** The build of `key` under way, if any (resolves when it is kept or has failed). */
  building(key: string): Promise<void> | undefined {
    return this.#building.get(key);
  }

  /** Mark `key` as being built; the returned function (idempotent) ends the mark. */
  startBuild(key: string): () => void {
    if (this.#building.has(key)) return () => {};
    let end = () => {};
    const done = new Promise<void>((resolve) => {
      end = () => {
        if (this.#building.get(key) === done) this.#building.delete(key);
        resolve();
      };
    });
    this.#building.set(key, done);
    return end;
  }

  /** Keep an answer built under `version`, unless the data moved on while it was built. */
  set(key: string, answer: Omit<Answer, 'builtAt'>, builtAt = Date.now()): void {
    if (answer.version !== this.version.value || answer.body.length > this.maxBytes / 8) return;
    const old = this.#answers.get(key);
    if (old) {
      this.#answers.delete(key);
      this.#bytes -= old.body.length;
    }
    this.#answers.set(key, { ...answer, builtAt });
    this.#bytes += answer.body.length;
    for (const [k, v] of this.#answers) {
      if (this.#answers.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#answers.delete(k);
      this.#bytes -= v.body.length;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
  interface FastifyRequest {
    cachedAnswer?: { key: string; version: number; builtAt: number; built: () => void };
  }
}

export const answerCachePlugin = fp(async (app: FastifyInstance, opts: { version: DataVersion }) => {
  app.decorate('answerCache', new AnswerCache(opts.version));
});

/** Whether an `If-None-Match` header names the tag (a list, `*`, weak or strong). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** A kept answer straight to the socket: the security headers are already on it (set first thing). */
function writeKept(req: FastifyRequest, reply: FastifyReply, hit: Answer, cacheControl: string): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  if (matches(req.headers['if-none-match'], hit.etag)) {
    res.writeHead(304, { ETag: hit.etag, 'Cache-Control': cacheControl });
    res.end();
  } else {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': hit.body.length,
      ETag: hit.etag,
      'Cache-Control': cacheControl,
    });
    res.end(hit.body);
  }
  return reply;
}

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;
const cacheControlOf = (maxAge: number) => (maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache');

/**
 * Route options for a hot public GET: the serialized answer (after the response schema) is
 * kept per URL and language and served again, without validation or handler, while the data
 * version holds; every 200 carries a weak ETag and `Cache-Control` (`max-age` seconds a browser
 * may reuse it, or `no-cache` to revalidate each time), and a matching `If-None-Match` gets a 304
 * with no body. Errors are never kept.
 */
export function cachedAnswer(maxAge = 0): Pick<RouteShorthandOptions, 'onRequest' | 'onSend'> {
  const cacheControl = cacheControlOf(maxAge);
  return {
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      const cache = req.server.answerCache;
      const key = `${req.lang}|${req.url}`;
      let hit = cache.get(key);
      const inFlight = hit ? undefined : cache.building(key);
      if (inFlight) {
        await inFlight;
        hit = cache.get(key);
      }
      if (hit) return writeKept(req, reply, hit, cacheControl);
      const built = cache.startBuild(key);
      // Whatever happens to this request (an error, a dropped connection), waiting ones go on.
      reply.raw.once('close', built);
      req.cachedAnswer = { key, version: cache.version.value, builtAt: Date.now(), built };
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const state = req.cachedAnswer;
      if (!state) return payload;
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        state.built();
        return payload;
      }
      const etag = etagOf(payload);
      req.server.answerCache.set(
        state.key,
        { version: state.version, body: Buffer.from(payload), etag },
        state.builtAt,
      );
      state.built();
      reply.header('ETag', etag).header('Cache-Control', cacheControl);
      if (!matches(req.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      return '';
    },
  };
}

/**
 * The same for an answer a handler names itself (a read sent as POST, after its own checks
 * such as a rate limit): `{code,data,msg}` of `build()`, serialized by the route's response
 * schema, kept under `key` (with the language) while the data version holds.
 */
export async function sendKept(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = req.server.answerCache;
  const fullKey = `${req.lang}|${key}`;
  const hit = cache.get(fullKey);
  if (hit) return writeKept(req, reply, hit, 'no-cache');
  const version = cache.version.value;
  const builtAt = Date.now();
  const body = reply.serialize(ok(await build())) as string;
  const answer = { version, body: Buffer.from(body), etag: etagOf(body) };
  cache.set(fullKey, answer, builtAt);
  return writeKept(req, reply, { ...answer, builtAt }, 'no-cache');
}
