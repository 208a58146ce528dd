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
});
