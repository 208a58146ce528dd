import fs from 'node:fs';
import path from 'node:path';
import { formatMessage, langFromHeader } from '@baton/contracts';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.js';
import { randomSecret } from './config.js';
import type { Database } from './db/client.js';
import { setPasswordHashCost } from './lib/password.js';
import { getOrCreateSecret } from './lib/secrets.js';
import { accountRoutes } from './modules/account/routes.js';
import { applyRoutes } from './modules/apply/routes.js';
import { areaRoutes } from './modules/areas/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { loadSm2Keys } from './modules/auth/sm2.js';
import type { TokenSettings } from './modules/auth/tokens.js';
import { codegenRoutes } from './modules/codegen/routes.js';
import { codeRoutes } from './modules/codes/routes.js';
import { startLynxFolder, stopLynxFolder } from './modules/competition/exchange/lif-folder.js';
import { exchangeRoutes } from './modules/competition/exchange/routes.js';
import { competitionRoutes } from './modules/competition/routes.js';
import { configRoutes } from './modules/config/routes.js';
import { ConfigCache, captchaEnabled } from './modules/config/service.js';
import { customerRoutes } from './modules/customers/routes.js';
import { delegationRoutes } from './modules/delegations/routes.js';
import { deptRoutes } from './modules/depts/routes.js';
import { dictRoutes } from './modules/dicts/routes.js';
import { dlgRoutes } from './modules/dlg/routes.js';
import { fieldRoutes } from './modules/fields/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { groupRoutes } from './modules/groups/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { itemRoutes } from './modules/items/routes.js';
import { logRoutes } from './modules/logs/routes.js';
import { startRegistrationCloser } from './modules/meetings/registration-window.js';
import { meetingRoutes } from './modules/meetings/routes.js';
import { menuRoutes } from './modules/menus/routes.js';
import { natureRoutes } from './modules/natures/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { publicRoutes } from './modules/public/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { verificationRoutes } from './modules/verification/routes.js';
import { makeSender } from './modules/verification/sender.js';
import { answerCachePlugin, cachedAnswer } from './plugins/answer-cache.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin, sendError } from './plugins/envelope.js';
import { loadShedPlugin, logConnectionErrors } from './plugins/load-shed.js';
import { oplogPlugin } from './plugins/oplog.js';
import { realtimePlugin } from './plugins/realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    baton: { config: Config; database: Database; tokens: TokenSettings };
    /** The security headers of every answer, flat: name, value, name, value… (`staticSecurityHeaders`). */
    securityHeaders: readonly string[];
    /** Headers only an HTTPS request gets (Strict-Transport-Security), flat like `securityHeaders`. */
    httpsHeaders: readonly string[];
  }
}

/** Build the application: plugins, then modules. It does not listen and holds no globals. */
export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  let securityHeaders: [string, string][] = [];
  let httpsHeaders: [string, string][] = [];
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.authorization'],
      // Query strings can carry secrets (`password/reset?password=`, `/api/ws?token=`): log the path only.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip, reqId: req.id }),
      },
    },
    bodyLimit: 1024 * 1024,
    // A hop count is taken at run time (Fastify's docs), though its types leave the number out.
    trustProxy: config.trustProxy as boolean | string[],
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Room for `/…/:ids` lists (IdList allows 500 ids); longer paths still get a 414 envelope.
    routerOptions: { maxParamLength: 6000 },
    // URL errors raised before routing (bad percent-encoding, an over-long parameter) in the envelope too.
    frameworkErrors: (err, req, reply) => {
      const status = err.statusCode === 414 ? 414 : 400;
      const lang = langFromHeader(req.headers['accept-language']);
      // Answered outside any route's hooks: the security headers are put on here.
      for (const [name, value] of securityHeaders) reply.header(name, value);
      if (req.protocol === 'https') for (const [name, value] of httpsHeaders) reply.header(name, value);
      return sendError(reply, status, 'A0400', formatMessage('A0400', lang, { detail: err.message }));
    },
  });
  const { db } = database;
  setPasswordHashCost(config.passwordHashCost);

  const jwtSecret = config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt', () => randomSecret()));
  const tokens: TokenSettings = {
    secret: new TextEncoder().encode(jwtSecret),
    accessTtlS: config.accessTokenTtlS,
    refreshTtlS: config.refreshTokenTtlS,
  };
  app.decorate('baton', { config, database, tokens });
  const keys = await loadSm2Keys(db);

  // Security headers (helmet's choices), worked out once: the same on every answer. Fastify's own
  // answers (handlers, errors, 404s, files) get them in onSend, under whatever the route set itself
  // (a route's `reply.header` wins); a kept answer (answer-cache) writes them in its one `writeHead`.
  const helmetHeaders = staticSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS over plain HTTP is meaningless (RFC 6797 8.1) and would pin a browser that reached the
  // server by its address to HTTPS it may not have: sent on HTTPS requests only (req.protocol).
  const isHsts = ([name]: [string, string]) => name.toLowerCase() === 'strict-transport-security';
  securityHeaders = helmetHeaders.filter((h) => !isHsts(h));
  httpsHeaders = helmetHeaders.filter(isHsts);
  app.decorate('securityHeaders', securityHeaders.flat());
  app.decorate('httpsHeaders', httpsHeaders.flat());
  app.addHook('onSend', (req, reply, payload, done) => {
    const res = reply.raw;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (req.protocol === 'https') for (const [name, value] of httpsHeaders) res.setHeader(name, value);
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Baton API', version: '0.1.0', description: 'Sports meeting management' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(envelopePlugin);
  if (database.pool) {
    // PostgreSQL: shed load before any other work when saturated; note lost connections.
    await app.register(loadShedPlugin, {
      pool: database.pool,
      queueMax: config.db.queueMax,
      maxInFlight: config.db.maxInFlight,
    });
    logConnectionErrors(app, database.onConnectionError);
  }
  await app.register(authPlugin, { db, tokens: () => tokens, version: database.version });
  await app.register(oplogPlugin, { db });
  // Settings (sys_config) in memory; the captcha switch takes effect without a restart.
  const settings = new ConfigCache(db);
  await settings.load();
  const captchaOn = () => captchaEnabled(settings, config.captcha, config.env === 'production');
  await app.register(realtimePlugin, {
    db,
    version: database.version,
    tokens: () => tokens,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
  });
  await app.register(answerCachePlugin, { version: database.version });
  const codeSender = makeSender(config, (line) => app.log.info(`verification code ${line}`));
  app.decorate('codeSender', codeSender);

  // The modules with multipart uploads (sign-in forms, imports, files) in a scope of their own:
  // @fastify/multipart hangs a close listener and two async hooks on every request of its scope,
  // which the public reads have no use for.
  await app.register(async (api) => {
    await api.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 },
    });
    await authRoutes(api, { db, keys, tokens, captchaOn });
    await userRoutes(api, { db });
    await fileRoutes(api, { db });
    await codeRoutes(api, { db });
    await delegationRoutes(api, { db });
    await applyRoutes(api, { db });
    await dlgRoutes(api, { db, keys, tokens, captchaOn, sender: codeSender });
    await exchangeRoutes(api, { db, hub: app.realtime });
  });
  await app.register(async (api) => {
    api.addHook('onRoute', (route) => {
      if (route.schema?.consumes?.includes('multipart/form-data'))
        throw new Error(
          `Route ${route.method} ${route.url} takes multipart: register its module in the multipart scope`,
        );
    });
    // 400 KB of JSON: serialized once per data version (not per visit), with an ETag for the browser.
    api.get('/api/openapi.json', { config: { auth: 'public' }, ...cachedAnswer(), schema: { hide: true } }, async () =>
      app.swagger(),
    );
    await roleRoutes(api, { db });
    await deptRoutes(api, { db });
    await configRoutes(api, {
      db,
      cache: settings,
      envCaptcha: config.captcha,
      production: config.env === 'production',
      timeZone: config.timeZone,
    });
    await logRoutes(api, { db });
    await menuRoutes(api, { db });
    await dictRoutes(api, { db });
    await verificationRoutes(api, { db, sender: codeSender, captchaOn });
    await accountRoutes(api, { db, sender: codeSender, captchaOn });
    await noticeRoutes(api, { db, hub: app.realtime });
    await statsRoutes(api, { db, hub: app.realtime });
    await codegenRoutes(api, { db });
    await itemRoutes(api, { db });
    await fieldRoutes(api, { db });
    await customerRoutes(api, { db });
    await natureRoutes(api, { db });
    await meetingRoutes(api, { db });
    await groupRoutes(api, { db });
    await areaRoutes(api, { db });
    await auditRoutes(api, { db, hub: app.realtime, sender: codeSender, settings });
    await publicRoutes(api, { db, keys, captchaOn, sender: codeSender });
    await healthRoutes(api, { db });
    await competitionRoutes(api, { db, hub: app.realtime });
    startRegistrationCloser(api, db);
    if (config.lynx) {
      const folder = startLynxFolder(db, app.realtime, app.log, config.lynx);
      api.addHook('onClose', async () => stopLynxFolder(folder));
    }
  });

  // One not-found handler: unknown API paths answer 404 in the envelope; other browser
  // navigations get the web app (hash routing) when it is built.
  const webDir = config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      // `.br` / `.gz` twins written at build time (web/scripts/compress.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(file)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api') && (req.headers.accept ?? '').includes('text/html');
    if (webDir && wantsPage) return reply.type('text/html').sendFile('index.html');
    return sendError(reply, 404, 'A0404', formatMessage('A0404', req.lang));
  });
  return app;
}

/**
 * Vite's hashed assets never change under their name: cached for a year without asking again.
 * Everything else (index.html, which names the current assets; the favicon) is revalidated on
 * every load, so a release is picked up at once.
 */
export function webCacheControl(file: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * The headers helmet's middleware sets with these options, read off once: helmet's own Fastify
 * plugin rebuilds the middleware (and re-parses the CSP) on every request.
 */
export function staticSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as never, res as never, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
