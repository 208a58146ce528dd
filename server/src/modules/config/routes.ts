import {
  ConfigBody,
  ConfigForm,
  ConfigPageQuery,
  ConfigUpdateBody,
  ConfigVO,
  Envelope,
  IdList,
  IdParams,
  Page,
  PublicConfigVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { parseIds } from '../../lib/paging.js';
import { ok } from '../../plugins/envelope.js';
import { note } from '../../plugins/oplog.js';
import {
  type ConfigCache,
  configForm,
  createConfig,
  deleteConfigs,
  pageConfig,
  publicConfig,
  updateConfig,
} from './service.js';

const tags = ['config'];
const IdsParams = Type.Object({ ids: IdList });
type IdP = { Params: Static<typeof IdParams> };

export interface ConfigDeps {
  db: Db;
  cache: ConfigCache;
  /** BATON_CAPTCHA: off forces the captcha off whatever the setting says. */
  envCaptcha: boolean;
  /** NODE_ENV=production: the captcha setting cannot be turned off, and a stored off is ignored. */
  production?: boolean;
  /** BATON_TIME_ZONE: the clock a new meeting's form starts on. */
  timeZone: string;
}

export async function configRoutes(app: FastifyInstance, deps: ConfigDeps) {
  const { db, cache } = deps;
  const production = deps.production ?? false;

  app.get(
    '/api/v1/config/public',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "Settings the web shows to everyone: site title, watermark text, captcha on/off, the server's time zone",
        response: { 200: Envelope(PublicConfigVO) },
      },
    },
    async () => ok(publicConfig(cache, deps.envCaptcha, production, deps.timeZone)),
  );

  app.get<{ Querystring: ConfigPageQuery }>(
    '/api/v1/config/page',
    {
      config: { auth: { perm: 'sys:config:query' } },
      schema: {
        tags,
        summary: 'Settings, paged',
        querystring: ConfigPageQuery,
        response: { 200: Envelope(Page(ConfigVO)) },
      },
    },
    async (req) => ok(await pageConfig(db, req.query)),
  );

  app.get<IdP>(
    '/api/v1/config/:id/form',
    {
      config: { auth: { perm: ['sys:config:edit', 'sys:config:query'] } },
      schema: { tags, summary: 'A setting’s edit form', params: IdParams, response: { 200: Envelope(ConfigForm) } },
    },
    async (req) => ok(await configForm(db, req.params.id)),
  );

  app.post<{ Body: ConfigBody }>(
    '/api/v1/config',
    {
      config: { auth: { perm: 'sys:config:add' } },
      schema: {
        tags,
        summary: 'Add a setting (the value is checked against its type)',
        body: ConfigBody,
        response: { 200: Envelope(ConfigForm) },
      },
    },
    async (req) => {
      const created = await createConfig(db, req.body, production);
      await cache.invalidate();
      note(req, { target: created.key, after: created });
      return ok(created);
    },
  );

  app.put<IdP & { Body: ConfigUpdateBody }>(
    '/api/v1/config/:id',
    {
      config: { auth: { perm: 'sys:config:edit' } },
      schema: {
        tags,
        summary: 'Update a setting (optimistic locking); takes effect at once',
        params: IdParams,
        body: ConfigUpdateBody,
        response: { 200: Envelope(ConfigForm) },
      },
    },
    async (req) => {
      const { before, after } = await updateConfig(db, req.params.id, req.body, production);
      await cache.invalidate();
      note(req, { target: after.key, before, after });
      return ok(after);
    },
  );

  app.delete<{ Params: Static<typeof IdsParams> }>(
    '/api/v1/config/:ids',
    {
      config: { auth: { perm: 'sys:config:delete' } },
      schema: {
        tags,
        summary: 'Delete settings (not the built-in ones)',
        params: IdsParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const removed = await deleteConfigs(db, parseIds(req.params.ids));
      await cache.invalidate();
      note(req, { target: removed.map((r) => r.key).join(','), before: removed });
      return ok(null);
    },
  );

  app.post(
    '/api/v1/config/refresh',
    {
      config: { auth: { perm: 'sys:config:refresh' } },
      schema: {
        tags,
        summary: 'Re-read the settings from the database now (after a direct database change)',
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await cache.invalidate();
      note(req, { target: 'cache' });
      return ok(null);
    },
  );
}
