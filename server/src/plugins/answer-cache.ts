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
  /** Served since it was kept or last spared from eviction (see `set`). */
  used: boolean;
}

/** The longest an answer is served: a public answer that depends on the time of day is at most this late. */
const MAX_AGE_MS = 10_000;
/**
 * The longest while other instances' data changes cannot arrive (Redis is configured but down): an
 * answer another instance has made stale is served at most this long.
 */
export const SHORT_MAX_AGE_MS = 2_000;

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
    /** Whether answers live only SHORT_MAX_AGE_MS now (invalidations from other instances cannot arrive). */
    readonly shortLived: () => boolean = () => false,
  ) {}

  get size() {
    return { entries: this.#answers.size, bytes: this.#bytes };
  }

  get(key: string): Answer | undefined {
    const hit = this.#answers.get(key);
    if (!hit) return undefined;
    const maxAge = this.shortLived() ? SHORT_MAX_AGE_MS : MAX_AGE_MS;
    if (hit.version !== this.version.value || Date.now() - hit.builtAt > maxAge) {
      this.#answers.delete(key);
      this.#bytes -= hit.body.length;
      return undefined;
    }
    // Marked, not moved: a hit costs one lookup; `set` moves marked answers when it evicts.
    hit.used = true;
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
  set(key: string, answer: Omit<Answer, 'builtAt' | 'used'>, builtAt = Date.now()): void {
    if (answer.version !== this.version.value || answer.body.length > this.maxBytes / 8) return;
    const old = this.#answers.get(key);
    if (old) {
      this.#answers.delete(key);
      this.#bytes -= old.body.length;
    }
    this.#answers.set(key, { ...answer, builtAt, used: false });
    this.#bytes += answer.body.length;
    // Oldest first; one served since it was last looked at here gets a second chance at the young end
    // (least recently used, approximately, without reordering on every hit).
    for (const [k, v] of this.#answers) {
      if (this.#answers.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#answers.delete(k);
      if (v.used && k !== key) {
        v.used = false;
        this.#answers.set(k, v);
      } else {
        this.#bytes -= v.body.length;
      }
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
  // With REDIS_URL, during an outage (the realtime hub notices it) answers live briefly; when Redis
  // is back the hub bumps the data version, which drops every answer kept meanwhile.
  const shortLived = () => app.hasDecorator('realtime') && app.realtime.redisDown;
  app.decorate('answerCache', new AnswerCache(opts.version, undefined, undefined, shortLived));
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

/**
 * A kept answer straight to the socket, in one `writeHead` with the app's security headers (the
 * onSend hook that puts them on Fastify's answers does not run for a hijacked reply).
 */
function writeKept(
  req: FastifyRequest,
  reply: FastifyReply,
  hit: Pick<Answer, 'body' | 'etag'>,
  cacheControl: string,
): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  const headers: (string | number)[] = req.server.securityHeaders.slice();
  if (req.protocol === 'https') headers.push(...req.server.httpsHeaders);
  if (matches(req.headers['if-none-match'], hit.etag)) {
    headers.push('ETag', hit.etag, 'Cache-Control', cacheControl);
    res.writeHead(304, headers as string[]);
    res.end();
  } else {
    headers.push(
      'Content-Type',
      'application/json; charset=utf-8',
      'Content-Length',
      hit.body.length,
      'ETag',
      hit.etag,
      'Cache-Control',
      cacheControl,
    );
    res.writeHead(200, headers as string[]);
    res.end(hit.body);
  }
  return reply;
}

/** This request builds the answer of `key`: requests for it meanwhile wait (see `cachedAnswer`). */
function startBuilding(req: FastifyRequest, reply: FastifyReply, key: string): void {
  const cache = req.server.answerCache;
  const built = cache.startBuild(key);
  // Whatever happens to this request (an error, a dropped connection), waiting ones go on.
  reply.raw.once('close', built);
  req.cachedAnswer = { key, version: cache.version.value, builtAt: Date.now(), built };
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
    // Callback style, so that a kept answer (the common case) is written without a promise.
    onRequest: (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const cache = req.server.answerCache;
      const key = `${req.lang}|${req.url}`;
      const hit = cache.get(key);
      if (hit) {
        writeKept(req, reply, hit, cacheControl);
        return done();
      }
      const inFlight = cache.building(key);
      if (inFlight) {
        void inFlight.then(() => {
          const built = cache.get(key);
          if (built) writeKept(req, reply, built, cacheControl);
          else startBuilding(req, reply, key);
          done();
        });
        return;
      }
      startBuilding(req, reply, key);
      done();
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
  return writeKept(req, reply, answer, 'no-cache');
}
