import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { knownTimeZone, MEETING_TIME_ZONE } from '@baton/contracts';
import { PASSWORD_HASH_COST } from './lib/password.js';

/** Configuration, read from the environment and validated once (README "Configuration"). */
export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/db`. */
  databaseUrl: string | null;
  /** Used only when the database is seeded for the first time. */
  adminPassword: string | null;
  captcha: boolean;
  /** Unset outside production: generated on first start and stored in the database. */
  jwtSecret: string | null;
  logLevel: string;
  redisUrl: string | null;
  /** The address people reach the site at (bib QR codes), or null to use each request's own. */
  publicUrl: string | null;
  /** BATON_TIME_ZONE: the clock new meetings take (an IANA zone Intl knows), Asia/Shanghai unset. */
  timeZone: string;
  /** How verification codes leave: `console` (log + outbox table) or `webhook` (POST JSON). */
  smsSender: 'console' | 'webhook';
  /** Where the webhook sender posts; required when smsSender is `webhook`. */
  smsWebhookUrl: string | null;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /**
   * PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes (15, OWASP's minimum, unset).
   * Lower only outside production: the test suites use 10, a sign-in in milliseconds.
   */
  passwordHashCost: number;
  /** Sign-in attempts allowed per client IP per minute, whatever the accounts. */
  loginRatePerMin: number;
  /** Verification codes one client address may ask for an hour (CODE_RATE_LIMIT). */
  codeRatePerHour: number;
  /** Directory of the built web app served at `/`; null when it is not built. */
  webDir: string | null;
  /** PostgreSQL pool and load shedding (README "Configuration"; ignored on PGlite). */
  db: DbSettings;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none, all, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Upload bytes one account may store in any rolling hour (UPLOAD_MB_PER_HOUR). */
  uploadBytesPerHour: number;
  /** Bytes of files one account may have stored in all (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Hours an upload nothing refers to is kept before the sweep deletes it (FILE_ORPHAN_HOURS). */
  fileOrphanHours: number;
  /**
   * LYNX_DIR: the FinishLynx results folder the server watches and imports `.lif` files from,
   * into the meeting LYNX_MEETING_ID (required with it); null: no folder is watched.
   */
  lynx: { dir: string; meetingId: number } | null;
}

/** The PostgreSQL pool's bounds and when requests are shed (503 B0210) instead of queued. */
export interface DbSettings {
  /** DB_POOL_MAX: connections to PostgreSQL at most. */
  poolMax: number;
  /** DB_CONNECT_TIMEOUT_MS: longest wait for a connection (from the pool, or a new one), then 503. */
  connectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer (0: no limit). */
  statementTimeoutMs: number;
  /** DB_QUEUE_MAX: requests waiting for a connection at most; more are answered 503 B0210 at once. */
  queueMax: number;
  /** MAX_IN_FLIGHT: requests being served at most; more are answered 503 B0210 at once. */
  maxInFlight: number;
}

export const DB_DEFAULTS: DbSettings = {
  poolMax: 20,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
  queueMax: 100,
  maxInFlight: 1000,
};

function dbSettings(env: NodeJS.ProcessEnv): DbSettings {
  return {
    poolMax: intVar(env, 'DB_POOL_MAX', DB_DEFAULTS.poolMax, 1, 1000),
    connectTimeoutMs: intVar(env, 'DB_CONNECT_TIMEOUT_MS', DB_DEFAULTS.connectTimeoutMs, 100, 120_000),
    statementTimeoutMs: intVar(env, 'DB_STATEMENT_TIMEOUT_MS', DB_DEFAULTS.statementTimeoutMs, 0, 3_600_000),
    queueMax: intVar(env, 'DB_QUEUE_MAX', DB_DEFAULTS.queueMax, 0, 100_000),
    maxInFlight: intVar(env, 'MAX_IN_FLIGHT', DB_DEFAULTS.maxInFlight, 1, 1_000_000),
  };
}

export class ConfigError extends Error {}

/** Passwords of the demo, the docs and the tests: refused in production. */
const DEMO_PASSWORDS =
  /^(admin|root|baton|e2e-?admin|secret)[-_]?(123|1234|12345|123456|pass)?$|^(123456.*|password.*|Secret-123)$/i;

const WEAK_SECRETS = new Set(['secret', 'changeme', 'change-me', 'jwt_secret', 'baton', 'password', 'test']);

/** Bits a JWT_SECRET must carry by `secretEntropyBits` (a random 48-byte secret rates about 300). */
export const MIN_SECRET_BITS = 128;

/** Shannon entropy of a sequence, in bits per element, times its length. */
function shannonBits<T>(xs: T[]): number {
  const counts = new Map<T, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let perElement = 0;
  for (const n of counts.values()) perElement -= (n / xs.length) * Math.log2(n / xs.length);
  return perElement * xs.length;
}

/**
 * An estimate of a secret's entropy, in bits: the Shannon entropy of its characters, or of the
 * steps between neighbouring characters when that is lower. The first catches repeats and small
 * alphabets ('aaaa…', 'abcabc…'), the second runs ('abcdef…', '0123…'). A random 48-byte secret
 * rates 300–355 bits, 36 × 'a' zero, 'abc' × 12 about 31, the alphabet in order about 15.
 */
export function secretEntropyBits(secret: string): number {
  const chars = [...secret];
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  return Math.min(shannonBits(chars), shannonBits(steps));
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: unset or `false` (X-Forwarded-For ignored),
 * `true` (every hop trusted), a hop count, or comma-separated proxy addresses and CIDRs.
 */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = value.split(',').map((e) => e.trim());
    const valid = (entry: string) => {
      const [address = '', prefix, extra] = entry.split('/');
      const family = isIP(address);
      if (!family || extra !== undefined) return false;
      if (prefix === undefined) return true;
      return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
    };
    if (entries.every(valid)) return entries;
  }
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count from 1 to 10, or comma-separated proxy addresses or CIDRs such as 10.0.0.1,172.16.0.0/12 (got "${raw}")`,
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const captchaRaw = (env.BATON_CAPTCHA ?? 'on').toLowerCase();
  if (captchaRaw !== 'on' && captchaRaw !== 'off') {
    throw new ConfigError(`BATON_CAPTCHA must be "on" or "off" (got "${env.BATON_CAPTCHA}")`);
  }
  if (captchaRaw === 'off' && nodeEnv === 'production') {
    throw new ConfigError('BATON_CAPTCHA=off is refused when NODE_ENV=production');
  }
  const jwtSecret = env.JWT_SECRET || null;
  if (nodeEnv === 'production') {
    if (!jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  }
  if (jwtSecret) {
    const bits = secretEntropyBits(jwtSecret);
    if (jwtSecret.length < 32 || WEAK_SECRETS.has(jwtSecret.toLowerCase()) || bits < MIN_SECRET_BITS) {
      throw new ConfigError(
        `JWT_SECRET is too weak (about ${Math.floor(bits)} bits of entropy, at least ${MIN_SECRET_BITS} needed, ` +
          '32+ characters): generate one with `openssl rand -base64 48`',
      );
    }
  }
  const adminPassword = env.BATON_ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 6) {
    throw new ConfigError('BATON_ADMIN_PASSWORD must have at least 6 characters');
  }
  if (nodeEnv === 'production' && adminPassword && (adminPassword.length < 10 || DEMO_PASSWORDS.test(adminPassword))) {
    throw new ConfigError('BATON_ADMIN_PASSWORD is a demo password: choose a real one (10+ characters) for production');
  }
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }
  const smsSender = (env.SMS_SENDER || 'console').toLowerCase();
  if (smsSender !== 'console' && smsSender !== 'webhook') {
    throw new ConfigError(`SMS_SENDER must be "console" or "webhook" (got "${env.SMS_SENDER}")`);
  }
  const smsWebhookUrl = env.SMS_WEBHOOK_URL || null;
  if (smsWebhookUrl && !/^https?:\/\/[^\s]+$/.test(smsWebhookUrl)) {
    throw new ConfigError('SMS_WEBHOOK_URL must be an http:// or https:// URL');
  }
  if (smsSender === 'console' && nodeEnv === 'production') {
    throw new ConfigError(
      'SMS_SENDER=console (the default) is refused when NODE_ENV=production: verification codes would only be ' +
        'logged, never reach a phone. Set SMS_SENDER=webhook and SMS_WEBHOOK_URL to your SMS gateway',
    );
  }
  if (smsSender === 'webhook' && !smsWebhookUrl) {
    throw new ConfigError('SMS_SENDER=webhook needs SMS_WEBHOOK_URL (the gateway to post codes to)');
  }
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const lynxDir = env.LYNX_DIR?.trim() || null;
  if (lynxDir && !env.LYNX_MEETING_ID) {
    throw new ConfigError('LYNX_DIR needs LYNX_MEETING_ID (the id of the meeting the results folder belongs to)');
  }
  const publicUrl = env.BATON_PUBLIC_URL?.trim() || null;
  if (publicUrl && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    throw new ConfigError('BATON_PUBLIC_URL must be an http:// or https:// address, e.g. https://meet.example.org');
  }
  const zoneRaw = env.BATON_TIME_ZONE?.trim() || MEETING_TIME_ZONE;
  const timeZone = knownTimeZone(zoneRaw);
  if (!timeZone) {
    throw new ConfigError(
      `BATON_TIME_ZONE must be an IANA time zone such as Asia/Shanghai, Europe/London or UTC (got "${env.BATON_TIME_ZONE}")`,
    );
  }
  const passwordHashCost = intVar(env, 'PASSWORD_HASH_COST', PASSWORD_HASH_COST, 10, 20);
  if (nodeEnv === 'production' && passwordHashCost < PASSWORD_HASH_COST) {
    throw new ConfigError(
      `PASSWORD_HASH_COST below ${PASSWORD_HASH_COST} is refused when NODE_ENV=production (passwords would be cheap to guess)`,
    );
  }
  return {
    env: nodeEnv,
    port: intVar(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    adminPassword,
    captcha: captchaRaw === 'on',
    jwtSecret,
    logLevel,
    redisUrl,
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    timeZone,
    smsSender,
    smsWebhookUrl,
    accessTokenTtlS: intVar(env, 'ACCESS_TOKEN_TTL', 1800, 5, 86_400),
    refreshTokenTtlS: intVar(env, 'REFRESH_TOKEN_TTL', 7 * 86_400, 60, 90 * 86_400),
    passwordHashCost,
    loginRatePerMin: intVar(env, 'LOGIN_RATE_LIMIT', 30, 1, 1_000_000),
    codeRatePerHour: intVar(env, 'CODE_RATE_LIMIT', 30, 1, 1_000_000),
    webDir: null,
    lynx: lynxDir
      ? { dir: path.resolve(lynxDir), meetingId: intVar(env, 'LYNX_MEETING_ID', 0, 1, 2_147_483_647) }
      : null,
    db: dbSettings(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadBytesPerHour: intVar(env, 'UPLOAD_MB_PER_HOUR', 200, 1, 1_000_000) * 1024 * 1024,
    uploadQuotaBytes: intVar(env, 'UPLOAD_QUOTA_MB', 1000, 1, 100_000_000) * 1024 * 1024,
    fileOrphanHours: intVar(env, 'FILE_ORPHAN_HOURS', 24, 1, 24 * 365),
    ...overrides,
  };
}

export function randomSecret(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}
