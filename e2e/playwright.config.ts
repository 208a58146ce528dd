import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser suite: the built app served by the real server on fresh embedded databases, driven
 * in Debian's Chromium. Instance A runs with the captcha off (automation), instance B with
 * the captcha on, for the tests that need a real captcha.
 */
export const ADMIN_PASSWORD = 'e2e-Admin-pass';
// Ports per run (set once in the runner process; workers inherit the environment), so
// several runs on one machine don't collide. E2E_PORT_A / E2E_PORT_B override.
process.env.E2E_PORT_A ??= String(20_000 + (process.pid % 10_000) * 2);
process.env.E2E_PORT_B ??= String(Number(process.env.E2E_PORT_A) + 1);
export const PORT_A = Number(process.env.E2E_PORT_A);
export const PORT_B = Number(process.env.E2E_PORT_B);

const tmp = path.resolve(import.meta.dirname, '..', '.tmp');

function server(port: number, name: string, captcha: 'on' | 'off') {
  return {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${port}/api/v1/dict/list`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, `e2e-${name}-${port}`),
      BATON_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BATON_CAPTCHA: captcha,
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1: lift the per-IP sign-in limit (tested in the server suite).
      LOGIN_RATE_LIMIT: '100000',
      // The whole suite asks codes from one address: more than a person's hourly 30.
      CODE_RATE_LIMIT: '100000',
      // Sessions kept by signInOnce (tests/helpers.ts) are reused for the whole run: their access
      // tokens outlive it, so no page refreshes (and so rotates) a shared session.
      ACCESS_TOKEN_TTL: '7200',
      // Password hashes at scrypt's N = 2^10, not 2^15 (the production minimum, config.test): the
      // sign-ins and account imports of a run cost milliseconds of the shared cores, not seconds.
      PASSWORD_HASH_COST: '10',
      NODE_ENV: 'development',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  // No retries: a test that passes only on a second try is a failure. Each spec makes the data it
  // needs, so two workers side by side do not depend on each other.
  retries: 0,
  timeout: 90_000,
  // A test's first page is a cold load of the console (signInOnce skips the dashboard that used to
  // warm it): 15 s for what a loaded CI machine shows late; a passing wait ends when it is met.
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(tmp, 'playwright.json') }],
  ],
  outputDir: path.join(tmp, `test-results-${PORT_A}`),
  use: {
    baseURL: `http://127.0.0.1:${PORT_A}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    // As a user who asked the system for reduced motion: antd's transitions are off, so no frame of
    // a zoom or a slide is painted (in software, on CI's two cores) and nothing waits for one.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  // E2E_EXTERNAL=1: the servers on PORT_A (and PORT_B) are already running (a developer's own
  // source servers, started with the same password and captcha settings): start none.
  webServer: process.env.E2E_EXTERNAL ? [] : [server(PORT_A, 'a', 'off'), server(PORT_B, 'b', 'on')],
});
