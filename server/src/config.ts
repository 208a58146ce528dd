import { randomBytes } from 'node:crypto';
import path from 'node:path';

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
  /** How verification codes leave: `console` (log + outbox table) or `webhook` (POST JSON). */
  smsSender: 'console' | 'webhook';
  /** Where the webhook sender posts; required when smsSender is `webhook`. */
  smsWebhookUrl: string | null;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Sign-in attempts allowed per client IP per minute, whatever the accounts. */
  loginRatePerMin: number;
  /** Directory of the built web app served at `/`; null when it is not built. */
  webDir: string | null;
  /** Upload bytes one account may store in any rolling hour (UPLOAD_MB_PER_HOUR). */
  uploadBytesPerHour: number;
  /** Bytes of files one account may have stored in all (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Hours an upload nothing refers to is kept before the sweep deletes it (FILE_ORPHAN_HOURS). */
  fileOrphanHours: number;
}

export class ConfigError extends Error {}

/** Passwords of the demo, the docs and the tests: refused in production. */
const DEMO_PASSWORDS =
  /^(admin|root|baton|e2e-?admin|secret)[-_]?(123|1234|12345|123456|pass)?$|^(123456.*|password.*|Secret-123)$/i;

const WEAK_SECRETS = new Set(['secret', 'changeme', 'change-me', 'jwt_secret', 'baton', 'password', 'test']);

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
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
  if (jwtSecret && (jwtSecret.length < 32 || WEAK_SECRETS.has(jwtSecret.toLowerCase()))) {
    throw new ConfigError('JWT_SECRET is too weak: use at least 32 random characters');
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
  if (smsSender === 'webhook' && !smsWebhookUrl) {
    throw new ConfigError('SMS_SENDER=webhook needs SMS_WEBHOOK_URL (the gateway to post codes to)');
  }
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const publicUrl = env.BATON_PUBLIC_URL?.trim() || null;
  if (publicUrl && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    throw new ConfigError('BATON_PUBLIC_URL must be an http:// or https:// address, e.g. https://meet.example.org');
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
    smsSender,
    smsWebhookUrl,
    accessTokenTtlS: intVar(env, 'ACCESS_TOKEN_TTL', 1800, 5, 86_400),
    refreshTokenTtlS: intVar(env, 'REFRESH_TOKEN_TTL', 7 * 86_400, 60, 90 * 86_400),
    loginRatePerMin: intVar(env, 'LOGIN_RATE_LIMIT', 30, 1, 1_000_000),
    webDir: null,
    uploadBytesPerHour: intVar(env, 'UPLOAD_MB_PER_HOUR', 200, 1, 1_000_000) * 1024 * 1024,
    uploadQuotaBytes: intVar(env, 'UPLOAD_QUOTA_MB', 1000, 1, 100_000_000) * 1024 * 1024,
    fileOrphanHours: intVar(env, 'FILE_ORPHAN_HOURS', 24, 1, 24 * 365),
    ...overrides,
  };
}

export function randomSecret(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}
