import {
  ConfigBody,
  ConfigForm,
  ConfigPageQuery,
  ConfigUpdateBody,
  ConfigVO,
  IdParams,
  Page,
  PublicConfigVO,
} from '@baton/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { crudRoutes } from '../../plugins/crud-routes.js';
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
/** The operation log names a setting by its key. */
const named = (setting: { key: string }) => setting.key;

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
  /** A write's answer, once the cache no longer holds what it changed. */
  const invalidated = async <T>(written: T) => {
    await cache.invalidate();
    return written;
  };
  const r = crudRoutes(app, { url: '/api/v1/config', tags, params: IdParams, VO: ConfigForm, named });

  r.get('/api/v1/config/public', {
    auth: 'public',
    summary: "Settings the web shows to everyone: site title, watermark text, captcha on/off, the server's time zone",
    answer: PublicConfigVO,
    run: async () => publicConfig(cache, deps.envCaptcha, production, deps.timeZone),
  });

  r.list({
    path: '/page',
    perm: 'sys:config:query',
    summary: 'Settings, paged',
    query: ConfigPageQuery,
    answer: Page(ConfigVO),
    run: (q) => pageConfig(db, q),
  });
  r.form({
    perm: ['sys:config:edit', 'sys:config:query'],
    summary: 'A setting’s edit form',
    run: (id) => configForm(db, id),
  });
  r.create({
    perm: 'sys:config:add',
    summary: 'Add a setting (the value is checked against its type)',
    body: ConfigBody,
    run: (body) => createConfig(db, body, production).then(invalidated),
  });
  r.update({
    perm: 'sys:config:edit',
    summary: 'Update a setting (optimistic locking); takes effect at once',
    body: ConfigUpdateBody,
    run: (id, body) => updateConfig(db, id, body, production).then(invalidated),
  });
  r.remove({
    perm: 'sys:config:delete',
    summary: 'Delete settings (not the built-in ones)',
    run: (ids) => deleteConfigs(db, ids).then(invalidated),
  });

  r.post('/api/v1/config/refresh', {
    auth: { perm: 'sys:config:refresh' },
    summary: 'Re-read the settings from the database now (after a direct database change)',
    answer: Type.Null(),
    run: async (req) => {
      await cache.invalidate();
      note(req, { target: 'cache' });
      return null;
    },
  });
}
