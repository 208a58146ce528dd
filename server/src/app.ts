import fs from 'node:fs';
import path from 'node:path';
import { formatMessage } from '@baton/contracts';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { randomSecret } from './config.js';
import type { Database } from './db/client.js';
import { getOrCreateSecret } from './lib/secrets.js';
import { authRoutes } from './modules/auth/routes.js';
import { loadSm2Keys } from './modules/auth/sm2.js';
import type { TokenSettings } from './modules/auth/tokens.js';
import { dictRoutes } from './modules/dict/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin, sendError } from './plugins/envelope.js';
import { oplogPlugin } from './plugins/oplog.js';

declare module 'fastify' {
  interface FastifyInstance {
    baton: { config: Config; database: Database };
  }
}

/** Build the application: plugins, then modules. It does not listen and holds no globals. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  app.decorate('baton', { config, database });
  const { db } = database;

  const jwtSecret = config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt', () => randomSecret()));
  const tokens: TokenSettings = {
    secret: new TextEncoder().encode(jwtSecret),
    accessTtlS: config.accessTokenTtlS,
    refreshTtlS: config.refreshTokenTtlS,
  };
  const keys = await loadSm2Keys(db);

  await app.register(helmet, {
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
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Baton API', version: '0.1.0', description: 'Sports meeting management' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(envelopePlugin);
  await app.register(authPlugin, { db, tokens: () => tokens });
  await app.register(oplogPlugin, { db });

  await app.register(async (api) => {
    api.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
    await authRoutes(api, { db, keys, tokens, captchaOn: () => config.captcha });
    await userRoutes(api);
    await menuRoutes(api, { db });
    await dictRoutes(api, { db });
  });

  // One not-found handler: unknown API paths answer 404 in the envelope; other browser
  // navigations get the web app (hash routing) when it is built.
  const webDir = config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api') && (req.headers.accept ?? '').includes('text/html');
    if (webDir && wantsPage) return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    return sendError(reply, 404, 'A0404', formatMessage('A0404', req.lang));
  });
  return app;
}
