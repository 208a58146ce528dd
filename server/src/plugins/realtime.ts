import { randomUUID } from 'node:crypto';
import { REALTIME_PATH, type RealtimeFrames, type RealtimeTopic } from '@baton/contracts';
// The route's schema carries OpenAPI keys (tags, summary) that @fastify/swagger adds to FastifySchema:
// bring that augmentation in here, not only through app.ts, so programs that compile this file
// without the app (the bench's tsconfig) type-check it too.
import type {} from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Type } from 'typebox';
import type { RawData, WebSocket } from 'ws';
import { randomSecret } from '../config.js';
import type { Db } from '../db/client.js';
import { CHANGES, type DataVersion } from '../db/data-version.js';
import { session } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { REDIS_COMMAND_TIMEOUT_MS, redisStore, useRateLimitStore } from '../lib/rate-limit.js';
import { getOrCreateSecret } from '../lib/secrets.js';
import type { TokenSettings } from '../modules/auth/tokens.js';
import { competitionReach } from '../modules/competition/access.js';
import { authenticate } from './auth.js';

/**
 * Who receives a frame:
 * - 'public': every connection, anonymous ones included;
 * - 'users' (the default): every signed-in connection;
 * - `{userIds, roles, meeting}`: signed-in connections of those users, holding one of those roles,
 *   or of staff who may see that meeting's competition (competition/access.ts competitionReach).
 */
export type Audience = 'public' | 'users' | { userIds?: number[]; roles?: string[]; meeting?: number };

export interface RealtimeHub {
  /** Deliver `{topic, data}` to the audience on every instance (through Redis when configured). */
  publish<T extends RealtimeTopic>(topic: T, data: RealtimeFrames[T], audience?: Audience): Promise<void>;
  publish(topic: string, data: unknown, audience?: Audience): Promise<void>;
  /** Open connections on this instance. */
  stats(): { sockets: number; users: number };
  /** Close connections whose session was revoked or has expired (runs every minute). */
  sweep(): Promise<void>;
  readonly mode: 'local' | 'redis';
  /**
   * Redis is configured but unreachable (an outage this instance noticed): frames reach only this
   * instance's sockets, counters are in memory, and other instances' data changes cannot arrive.
   */
  readonly redisDown: boolean;
  /** Whether Redis answers a PING within `timeoutMs` ('none' without REDIS_URL). */
  pingRedis(timeoutMs: number): Promise<'ok' | 'none' | 'failed'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

interface Conn {
  socket: WebSocket;
  userId: number | null;
  roles: string[];
  sessionId: string | null;
  /** The meetings whose staff-only competition frames this connection may hear (at sign-in). */
  meetings: 'all' | Set<number>;
  /** Client frames in the current 10-second window. */
  frames: number;
  windowStart: number;
}

interface Wire {
  topic: string;
  data: unknown;
  audience: Audience;
}

/**
 * On the same channel: an instance committed a data change (see `DataVersion`), of `kinds`
 * (`CHANGES` bits: public data, signed-in users; all of them when absent).
 */
interface DataChanged {
  dataChanged: string;
  kinds?: number;
}

/** Close codes: the token was refused (the client should refresh it), or the client misbehaved. */
export const WS_CLOSE = { TOKEN_INVALID: 4401, POLICY: 1008 } as const;

const MAX_FRAMES_PER_10S = 100;
const SWEEP_INTERVAL_MS = 60_000;

function matches(conn: Conn, audience: Audience): boolean {
  if (audience === 'public') return true;
  if (conn.userId === null) return false;
  if (audience === 'users') return true;
  if (audience.userIds?.includes(conn.userId)) return true;
  if (audience.meeting !== undefined && (conn.meetings === 'all' || conn.meetings.has(audience.meeting))) return true;
  return !!audience.roles?.some((r) => conn.roles.includes(r));
}

function send(socket: WebSocket, topic: string, data: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ topic, data }));
}

/** What a Redis error is called in the outage warning (the message, not a stack per attempt). */
const describeError = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err));

function createHub(db: Db, version: DataVersion, log: FastifyBaseLogger) {
  const conns = new Set<Conn>();
  /** This instance on the Redis channel: its own data-change signals come back and are skipped. */
  const origin = randomUUID();
  let redis: { pub: Redis; sub: Redis; channel: string } | null = null;
  let stopSignals = () => {};
  /**
   * An outage under way: set by the first error, close or failed command (one warning), cleared
   * once both connections are ready again and the channel is subscribed (one info line; every
   * answer kept meanwhile is dropped, and the other instances are told to drop theirs).
   */
  let down = false;
  let recovering = false;
  const signal = (kinds: number = CHANGES.ALL) => JSON.stringify({ dataChanged: origin, kinds } satisfies DataChanged);

  const deliverLocal = (wire: Wire) => {
    const text = JSON.stringify({ topic: wire.topic, data: wire.data });
    for (const conn of conns) {
      if (matches(conn, wire.audience) && conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text);
    }
  };

  const markDown = (err: unknown) => {
    if (down || !redis) return;
    down = true;
    log.warn(
      { reason: describeError(err) },
      'redis unreachable: realtime frames stay on this instance, rate-limit counts are kept in memory and kept answers live briefly until it is back',
    );
  };

  const recover = async () => {
    const r = redis;
    if (!down || recovering || !r || r.pub.status !== 'ready' || r.sub.status !== 'ready') return;
    recovering = true;
    try {
      // ioredis resubscribes by itself on reconnect; asked again here so that "back" means subscribed.
      await r.sub.subscribe(r.channel);
      if (redis !== r || !down) return;
      down = false;
      // Data changes of the other instances during the outage never arrived here: nothing kept is trusted.
      version.bump('remote');
      // And this instance's changes never reached them: they drop theirs too.
      r.pub.publish(r.channel, signal()).catch((err) => markDown(err));
      log.info('redis reachable again: kept answers dropped, realtime channel resubscribed');
    } catch (err) {
      markDown(err);
    } finally {
      recovering = false;
    }
  };

  const hub: RealtimeHub & {
    conns: Set<Conn>;
    useRedis(url: string, channel: string): Promise<void>;
    shutdown(): Promise<void>;
  } = {
    conns,
    get mode() {
      return redis ? ('redis' as const) : ('local' as const);
    },
    get redisDown() {
      return !!redis && down;
    },
    async pingRedis(timeoutMs: number) {
      const r = redis;
      if (!r) return 'none';
      if (r.pub.status !== 'ready' || r.sub.status !== 'ready') return 'failed';
      let timer: NodeJS.Timeout | undefined;
      try {
        const answer = await Promise.race([
          r.pub.ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
          }),
        ]);
        return answer === 'PONG' ? 'ok' : 'failed';
      } catch {
        return 'failed';
      } finally {
        clearTimeout(timer);
      }
    },
    /**
     * Never waits for Redis and never throws: the frame is handed to Redis (which delivers it to
     * every instance, this one included) or, while Redis is down, delivered to this instance's
     * sockets at once; a publish that fails on the way is delivered locally then.
     */
    async publish(topic: string, data: unknown, audience: Audience = 'users') {
      const wire: Wire = { topic, data, audience };
      const r = redis;
      if (!r) return deliverLocal(wire);
      if (down || r.pub.status !== 'ready') return deliverLocal(wire);
      r.pub.publish(r.channel, JSON.stringify(wire)).catch((err) => {
        markDown(err);
        deliverLocal(wire);
      });
    },
    stats() {
      const users = new Set<number>();
      for (const c of conns) if (c.userId !== null) users.add(c.userId);
      return { sockets: conns.size, users: users.size };
    },
    async sweep() {
      const signedIn = [...conns].filter((c) => c.sessionId !== null);
      if (!signedIn.length) return;
      const ids = [...new Set(signedIn.map((c) => c.sessionId!))];
      const live = await db
        .select({ id: session.id })
        .from(session)
        .where(and(inArray(session.id, ids), isNull(session.revokedAt), gt(session.expiresAt, new Date())));
      const liveIds = new Set(live.map((r) => r.id));
      for (const c of signedIn) {
        if (!liveIds.has(c.sessionId!)) {
          conns.delete(c);
          c.socket.close(WS_CLOSE.TOKEN_INVALID, 'session ended');
        }
      }
    },
    async useRedis(url: string, channel: string) {
      // No offline queue: a command while Redis is away fails at once instead of waiting for a
      // reconnection; a command on a stalled link gives up after the timeout. Reconnection goes on
      // in the background (ioredis' default backoff, at most 2 s apart).
      const options = {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2_000,
      };
      // Loaded only when REDIS_URL is set (≈24 MB resident otherwise spent for nothing).
      const { Redis: Client } = await import('ioredis');
      const pub = new Client(url, options);
      const sub = new Client(url, options);
      redis = { pub, sub, channel };
      for (const client of [pub, sub]) {
        client.on('error', markDown);
        client.on('close', () => markDown(new Error('connection closed')));
        client.on('ready', () => void recover());
      }
      sub.on('message', (ch: string, message: string) => {
        if (ch !== channel) return;
        try {
          const wire = JSON.parse(message) as Wire | DataChanged;
          if ('dataChanged' in wire) {
            if (wire.dataChanged !== origin) version.bump('remote', wire.kinds ?? CHANGES.ALL);
          } else deliverLocal(wire);
        } catch (err) {
          log.warn({ err }, 'realtime: unreadable message on the channel');
        }
      });
      try {
        await Promise.all([pub.connect(), sub.connect()]);
        await sub.subscribe(channel);
      } catch (err) {
        // Redis is down as this instance starts: it starts anyway (as during any outage) and
        // joins the channel when Redis is back.
        markDown(err);
      }
      // Rate-limit counts shared by the instances, on the command connection (in memory while Redis is away).
      useRateLimitStore(
        db,
        redisStore(pub, `${channel}:rate:`, {
          failed: markDown,
          succeeded: () => void recover(),
        }),
      );
      // Data changed here: other instances drop their cached answers (one signal per burst of commits).
      // What the burst changed (`CHANGES` bits), sent once it is over; 0 while nothing is queued.
      let queued = 0;
      stopSignals = version.onLocalChange((kinds) => {
        const first = queued === 0;
        queued |= kinds;
        if (!first) return;
        setImmediate(() => {
          const burst = queued;
          queued = 0;
          const r = redis;
          if (!r || down || r.pub.status !== 'ready') return;
          r.pub.publish(channel, signal(burst)).catch((err) => markDown(err));
        });
      });
    },
    async shutdown() {
      for (const c of conns) c.socket.close(1001, 'server shutting down');
      conns.clear();
      stopSignals();
      if (redis) {
        const { pub, sub } = redis;
        redis = null;
        // quit() needs Redis to answer; disconnect() when it is away (or does not answer at once).
        await Promise.allSettled(
          [pub, sub].map(async (client) => {
            if (client.status !== 'ready') return client.disconnect();
            try {
              await Promise.race([
                client.quit(),
                new Promise((_, reject) => setTimeout(reject, REDIS_COMMAND_TIMEOUT_MS).unref()),
              ]);
            } catch {
              client.disconnect();
            }
          }),
        );
      }
    },
  };
  return hub;
}

export interface RealtimeOptions {
  db: Db;
  /** Bumped when another instance signals a data change; local bumps are signalled to them. */
  version: DataVersion;
  tokens: () => TokenSettings;
  redisUrl: string | null;
  /** BATON_PUBLIC_URL: browsers on that origin may open sockets too (besides the request's own Host). */
  publicUrl: string | null;
}

/**
 * Whether a socket request may come from a page at `origin`: a browser always says where the page
 * is, and a page of another site must not use a visitor's token (cross-site WebSocket hijacking).
 * Same host as the request, or the configured public address; no Origin: not a browser.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | null): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && page.origin === new URL(publicUrl).origin) return true;
  return !!host && page.host === host.toLowerCase();
}

/**
 * The realtime channel at `GET /api/ws?token=<accessToken>`: JSON frames `{topic, data}`.
 * Signed-in connections receive what is published to them; anonymous ones only 'public'
 * topics. Clients may send `{type:'ping'}` (answered `{topic:'pong'}`) and
 * `{type:'echo', data}` (answered `{topic:'echo', data}`). With REDIS_URL every publish goes
 * through Redis pub/sub, so each instance delivers to its own sockets.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const hub = createHub(opts.db, opts.version, app.log);
  if (opts.redisUrl) {
    // The channel is named by a value stored in the database: instances sharing a database
    // share it, and separate deployments on one Redis do not hear each other.
    const suffix = await getOrCreateSecret(opts.db, 'realtime-channel', () => randomSecret(9));
    await hub.useRedis(opts.redisUrl, `baton:realtime:${suffix}`);
  }
  app.decorate('realtime', hub as RealtimeHub);

  const sweeper = setInterval(() => {
    hub.sweep().catch((err) => app.log.warn({ err }, 'realtime: sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await hub.shutdown();
  });

  const onFrame = (conn: Conn, raw: RawData, isBinary: boolean) => {
    const now = Date.now();
    if (now - conn.windowStart > 10_000) {
      conn.windowStart = now;
      conn.frames = 0;
    }
    conn.frames += 1;
    if (conn.frames > MAX_FRAMES_PER_10S) {
      conn.socket.close(WS_CLOSE.POLICY, 'too many messages');
      return;
    }
    type ClientFrame = { type?: unknown; data?: unknown };
    let frame: ClientFrame | null = null;
    if (!isBinary) {
      try {
        const parsed: unknown = JSON.parse(raw.toString());
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) frame = parsed as ClientFrame;
      } catch {
        frame = null;
      }
    }
    if (frame?.type === 'ping') return send(conn.socket, 'pong', { at: now });
    if (frame?.type === 'echo') return send(conn.socket, 'echo', frame.data ?? null);
    send(conn.socket, 'error', { message: 'expected JSON {"type":"ping"} or {"type":"echo","data":...}' });
  };

  app.get<{ Querystring: { token?: string } }>(
    REALTIME_PATH,
    {
      websocket: true,
      // The access token is in the URL: keep the request lines (and so the token) out of the log.
      logLevel: 'warn',
      config: { auth: 'public' },
      preValidation: async (req) => {
        if (!originAllowed(req.headers.origin, req.headers.host, opts.publicUrl)) {
          throw new AppError(
            'A0301',
            {},
            { zh: '不接受其他网站页面的实时连接', en: 'realtime connections from pages of other sites are refused' },
          );
        }
      },
      schema: {
        tags: ['realtime'],
        summary: 'Realtime WebSocket; the access token goes in the query (browsers cannot set headers)',
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) }),
      },
    },
    (socket, req) => {
      const conn: Conn = {
        socket,
        userId: null,
        roles: [],
        sessionId: null,
        meetings: new Set(),
        frames: 0,
        windowStart: Date.now(),
      };
      let closed = false;
      socket.on('message', (raw, isBinary) => onFrame(conn, raw, isBinary));
      socket.on('close', () => {
        closed = true;
        hub.conns.delete(conn);
      });
      socket.on('error', () => socket.terminate());

      const token = req.query.token?.trim();
      const identify = async () => {
        if (!token) return null;
        const u = await authenticate(opts.db, opts.tokens(), token);
        return u && { u, reach: await competitionReach(opts.db, u) };
      };
      identify().then(
        (who) => {
          if (closed) return;
          if (who) {
            conn.userId = who.u.id;
            conn.roles = who.u.roles;
            conn.sessionId = who.u.sessionId;
            conn.meetings = who.reach === 'all' ? 'all' : new Set(who.reach);
          }
          hub.conns.add(conn);
          send(socket, 'welcome', { userId: conn.userId, anonymous: conn.userId === null });
        },
        () => socket.close(WS_CLOSE.TOKEN_INVALID, 'token invalid'),
      );
    },
  );
});
