import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const strong = `${'x'.repeat(20)}Y7fK2pQ9mW4zR8tL3vB6`;

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, captcha: true, jwtSecret: null, env: 'development' });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('refuses production without a strong JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'secret' })).toThrow(/too weak/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong }).jwtSecret).toBe(strong);
  });

  it('allows BATON_CAPTCHA=off only outside production', () => {
    expect(loadConfig({ BATON_CAPTCHA: 'off' }).captcha).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong, BATON_CAPTCHA: 'off' })).toThrow(ConfigError);
    expect(() => loadConfig({ BATON_CAPTCHA: 'maybe' })).toThrow(/"on" or "off"/);
  });

  it('refuses demo passwords in production and malformed values anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: strong, BATON_ADMIN_PASSWORD: 'admin123' })).toThrow(
      /demo password/,
    );
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
});
