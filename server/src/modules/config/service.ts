import {
  BUILTIN_CONFIG,
  type ConfigBody,
  type ConfigForm,
  type ConfigPageQuery,
  type ConfigType,
  type ConfigUpdateBody,
  type ConfigVO,
  PRODUCT_NAME,
  type PublicConfigVO,
} from '@baton/contracts';
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sysConfig } from '../../db/schema/index.js';
import { badInput, notFound } from '../../lib/errors.js';
import { limitOffset } from '../../lib/paging.js';
import { iso, isUniqueViolation, likeAny } from '../../lib/sql.js';
import { nextVersion, sameVersion, staleOrMissing } from '../../lib/versioned.js';

type ConfigRow = typeof sysConfig.$inferSelect;
const isBuiltin = (key: string) => Object.hasOwn(BUILTIN_CONFIG, key);

/** Default rows, written on first start (and added when missing after an upgrade). */
export const DEFAULT_CONFIG: Omit<typeof sysConfig.$inferInsert, 'id'>[] = [
  {
    key: 'captcha',
    value: 'true',
    type: 'boolean',
    name: '登录验证码',
    nameEn: 'Sign-in captcha',
    remark: 'true: the sign-in page asks for an image captcha',
  },
  { key: 'siteTitle', value: PRODUCT_NAME, type: 'string', name: '站点标题', nameEn: 'Site title', remark: null },
  {
    key: 'watermarkContent',
    value: PRODUCT_NAME,
    type: 'string',
    name: '水印内容',
    nameEn: 'Watermark text',
    remark: null,
  },
  {
    key: 'auditSms',
    value: 'false',
    type: 'boolean',
    name: '审核结果短信通知',
    nameEn: 'Text audit decisions',
    remark: "true: each audit decision is also sent by SMS to the delegation's contact mobile",
  },
];

export async function seedConfigDefaults(db: DbOrTx): Promise<void> {
  await db.insert(sysConfig).values(DEFAULT_CONFIG).onConflictDoNothing({ target: sysConfig.key });
}

/** Is `value` a valid text of `type`? Returns the problem, or null. */
export function checkValue(type: ConfigType, value: string): { zh: string; en: string } | null {
  switch (type) {
    case 'number':
      return /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim()) && Number.isFinite(Number(value))
        ? null
        : { zh: '值必须是数字', en: 'the value must be a number' };
    case 'boolean':
      return value === 'true' || value === 'false'
        ? null
        : { zh: '值必须是 true 或 false', en: 'the value must be true or false' };
    case 'json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return { zh: '值必须是合法的 JSON', en: 'the value must be valid JSON' };
      }
    default:
      return null;
  }
}

/**
 * The settings in memory: read on start, replaced after every write through the API, and
 * re-read in the background once they are older than `ttlMs` (other instances' writes).
 */
export class ConfigCache {
  private values = new Map<string, { value: string; type: string }>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db
      .select({ key: sysConfig.key, value: sysConfig.value, type: sysConfig.type })
      .from(sysConfig);
    this.values = new Map(rows.map((r) => [r.key, { value: r.value, type: r.type }]));
    this.loadedAt = Date.now();
  }

  /** Re-read now (after a write, or the "refresh cache" button). */
  async invalidate(): Promise<void> {
    this.loading = this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private maybeRefresh() {
    if (this.loading || Date.now() - this.loadedAt < this.ttlMs) return;
    this.loading = this.load()
      .catch(() => {})
      .finally(() => {
        this.loading = null;
      });
  }

  string(key: string, fallback: string): string {
    this.maybeRefresh();
    return this.values.get(key)?.value ?? fallback;
  }

  bool(key: string, fallback: boolean): boolean {
    const v = this.string(key, String(fallback));
    return v === 'true' ? true : v === 'false' ? false : fallback;
  }
}

function toForm(r: ConfigRow): ConfigForm {
  return {
    id: r.id,
    key: r.key,
    value: r.value,
    type: r.type,
    name: r.name,
    nameEn: r.nameEn,
    remark: r.remark,
    builtin: isBuiltin(r.key),
    version: r.version,
  };
}

export async function pageConfig(db: Db, q: ConfigPageQuery) {
  const where: SQL[] = [];
  const kw = likeAny(q.keywords, [sysConfig.key, sysConfig.name, sysConfig.nameEn]);
  if (kw) where.push(kw);
  if (q.type) where.push(eq(sysConfig.type, q.type));
  const cond = and(...where);
  const [total] = await db.select({ n: count() }).from(sysConfig).where(cond);
  const rows = await db
    .select()
    .from(sysConfig)
    .where(cond)
    .orderBy(asc(sysConfig.key))
    .limit(limitOffset(q).limit)
    .offset(limitOffset(q).offset);
  const list: ConfigVO[] = rows.map((r) => ({ ...toForm(r), updatedAt: iso(r.updatedAt) }));
  return { list, total: total?.n ?? 0 };
}

export async function configForm(db: Db, id: number): Promise<ConfigForm> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

const keyTaken = (key: string) => badInput(`配置键“${key}”已存在`, `the key "${key}" is already used`);

/** Settings a production server refuses, whatever the caller's permissions. */
function checkProduction(body: ConfigBody, production: boolean) {
  if (production && body.key === 'captcha' && body.value !== 'true') {
    throw badInput(
      '生产环境（NODE_ENV=production）下不能关闭登录验证码',
      'the sign-in captcha cannot be turned off in production (NODE_ENV=production)',
    );
  }
}

function checkBody(body: ConfigBody, production: boolean) {
  checkProduction(body, production);
  const builtinType = (BUILTIN_CONFIG as Record<string, ConfigType>)[body.key];
  if (builtinType && builtinType !== body.type) {
    throw badInput(`“${body.key}”的类型必须是 ${builtinType}`, `"${body.key}" must have the type ${builtinType}`);
  }
  const problem = checkValue(body.type, body.value);
  if (problem) throw badInput(problem.zh, problem.en);
}

async function keyExists(db: Db, key: string, exceptId?: number) {
  const rows = await db
    .select({ id: sysConfig.id })
    .from(sysConfig)
    .where(and(eq(sysConfig.key, key), exceptId ? ne(sysConfig.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function createConfig(db: Db, body: ConfigBody, production = false): Promise<ConfigForm> {
  checkBody(body, production);
  if (await keyExists(db, body.key)) throw keyTaken(body.key);
  try {
    const [row] = await db
      .insert(sysConfig)
      .values({
        key: body.key,
        value: body.value,
        type: body.type,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? '',
        remark: body.remark ?? null,
      })
      .returning();
    return toForm(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken(body.key);
    throw err;
  }
}

export async function updateConfig(db: Db, id: number, body: ConfigUpdateBody, production = false) {
  const before = await configForm(db, id);
  if (before.builtin && body.key !== before.key) {
    throw badInput(`内置配置“${before.key}”的键不能修改`, `the key of the built-in setting "${before.key}" is fixed`);
  }
  checkBody(body, production);
  if (await keyExists(db, body.key, id)) throw keyTaken(body.key);
  try {
    const updated = await db
      .update(sysConfig)
      .set({
        key: body.key,
        value: body.value,
        type: body.type,
        name: body.name.trim(),
        nameEn: body.nameEn?.trim() ?? before.nameEn,
        remark: body.remark === undefined ? before.remark : body.remark,
        ...nextVersion(sysConfig),
      })
      .where(sameVersion(sysConfig, id, body.version))
      .returning();
    if (!updated.length) {
      await staleOrMissing(db.select({ id: sysConfig.id }).from(sysConfig).where(eq(sysConfig.id, id)));
    }
    return { before, after: toForm(updated[0]!) };
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken(body.key);
    throw err;
  }
}

export async function deleteConfigs(db: Db, ids: number[]) {
  const rows = await db.select().from(sysConfig).where(inArray(sysConfig.id, ids));
  if (rows.length !== ids.length) throw notFound();
  const builtin = rows.find((r) => isBuiltin(r.key));
  if (builtin) {
    throw badInput(`内置配置“${builtin.key}”不能删除`, `the built-in setting "${builtin.key}" cannot be deleted`);
  }
  await db.delete(sysConfig).where(inArray(sysConfig.id, ids));
  return rows.map(toForm);
}

/**
 * Is the sign-in captcha on? BATON_CAPTCHA=off turns it off (refused in production); otherwise the
 * `captcha` setting decides, except in production, where a stored off is ignored.
 */
export function captchaEnabled(cache: ConfigCache, envCaptcha: boolean, production: boolean): boolean {
  return envCaptcha && (production || cache.bool('captcha', true));
}

export function publicConfig(
  cache: ConfigCache,
  envCaptcha: boolean,
  production: boolean,
  timeZone: string,
): PublicConfigVO {
  return {
    siteTitle: cache.string('siteTitle', PRODUCT_NAME),
    watermarkContent: cache.string('watermarkContent', PRODUCT_NAME),
    captchaEnabled: captchaEnabled(cache, envCaptcha, production),
    timeZone,
  };
}
