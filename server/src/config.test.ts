import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, randomSecret } from './config.js';

/** A secret as `openssl rand -base64 48` or randomSecret() makes one (48 random bytes). */
const strong = 'K0AQy-zvDIJSFateIGlKGtnWexOxDnxPFFZrWyFOkKrFo_dmSVU64QcNeg53gBVB';
/** What production needs besides the secret: a real SMS sender. */
const sms = { SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example/send' };
const prod = { NODE_ENV: 'production', JWT_SECRET: strong, ...sms };

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, captcha: true, jwtSecret: null, env: 'development' });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('refuses production without a strong JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'secret' })).toThrow(/too weak/);
    expect(loadConfig(prod).jwtSecret).toBe(strong);
  });

  it('refuses a JWT_SECRET of low entropy, saying how to make one, and accepts random ones', () => {
    const weak = [
      'a'.repeat(36),
      'abc'.repeat(12),
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
      `${'x'.repeat(20)}Y7fK2pQ9mW4zR8tL3vB6`,
      '0123456789'.repeat(5),
      'aAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaA',
      'qwertyuiopqwertyuiopqwertyuiopqwertyuiop',
    ];
    for (const secret of weak) {
      expect(() => loadConfig({ ...prod, JWT_SECRET: secret }), secret).toThrow(/too weak.*openssl rand -base64 48/);
      expect(() => loadConfig({ JWT_SECRET: secret }), secret).toThrow(/too weak/);
    }
    // 48 random bytes carry 384 bits; the estimate never rates one below ~290 (100,000 draws).
    for (let i = 0; i < 200; i += 1) {
      const secret = randomSecret();
      expect(loadConfig({ ...prod, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    }
  });

  it('refuses the console SMS sender in production, naming the variable; it stays the development default', () => {
    const { SMS_SENDER: _s, SMS_WEBHOOK_URL: _u, ...noSms } = prod;
    expect(() => loadConfig(noSms)).toThrow(/SMS_SENDER/);
    expect(() => loadConfig({ ...prod, SMS_SENDER: 'console' })).toThrow(/SMS_SENDER=console.*NODE_ENV=production/);
    expect(loadConfig({}).smsSender).toBe('console');
    expect(loadConfig({ NODE_ENV: 'test' }).smsSender).toBe('console');
    expect(loadConfig(prod)).toMatchObject({ env: 'production', smsSender: 'webhook' });
  });

  it('hashes passwords at scrypt N = 2^15 unset; a lower PASSWORD_HASH_COST only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHashCost).toBe(15);
    expect(loadConfig(prod).passwordHashCost).toBe(15);
    expect(loadConfig({ ...prod, PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
    expect(() => loadConfig({ ...prod, PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST below 15 is refused/);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('allows BATON_CAPTCHA=off only outside production', () => {
    expect(loadConfig({ BATON_CAPTCHA: 'off' }).captcha).toBe(false);
    expect(() => loadConfig({ ...prod, BATON_CAPTCHA: 'off' })).toThrow(ConfigError);
    expect(() => loadConfig({ BATON_CAPTCHA: 'maybe' })).toThrow(/"on" or "off"/);
  });

  it('refuses demo passwords in production and malformed values anywhere', () => {
    expect(() => loadConfig({ ...prod, BATON_ADMIN_PASSWORD: 'admin123' })).toThrow(/demo password/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ BATON_ADMIN_PASSWORD: '123' })).toThrow(/at least 6/);
  });

  it('reads TRUST_PROXY as Fastify takes it, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of [
      'yes',
      '0',
      '11',
      '10.0.0.256',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1,',
      'loopback',
      '1.2.3.4/8/9',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY must be/);
    }
  });

  it('reads BATON_TIME_ZONE as the zone Intl lists, China unset, and refuses an unknown one naming the variable', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ BATON_TIME_ZONE: ' Europe/London ' }).timeZone).toBe('Europe/London');
    expect(loadConfig({ BATON_TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
    expect(loadConfig({ BATON_TIME_ZONE: 'europe/paris' }).timeZone).toBe('Europe/Paris');
    for (const bad of ['Mars/Olympus', 'GMT+8', '+08:00', 'Asia']) {
      expect(() => loadConfig({ BATON_TIME_ZONE: bad }), bad).toThrow(/^BATON_TIME_ZONE must be an IANA time zone/);
    }
  });
});
