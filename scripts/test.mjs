// `npm test`: every suite — unit, component (in Chromium) and server (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the browser suite against the built app — and one closing line
// `N passed, N failed` summed over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium and CJK fonts from Debian packages…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    found = findChromium();
  }
  if (!found) {
    console.error(
      'The browser suite needs Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  return found;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

// Chromium first: the component tests (Vitest browser mode) and the browser suite need it.
const chromium = ensureChromium();

// 1. Unit, component and server suites (Vitest).
const vitestJson = path.join(tmp, 'vitest.json');
rmSync(vitestJson, { force: true });
spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  // A file that failed with no failing test of its own (it did not load, a hook threw) counts as
  // one failure; a file whose tests failed is already counted by them.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  totals.failed += report.numFailedTests + brokenFiles;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.numFailedTests || report.numFailedTestSuites) failures.push('vitest');
} else {
  totals.failed += 1;
  failures.push('vitest (no report)');
}

// 2. Browser suite (Playwright in Debian's Chromium) against the built app.
run('npm', ['run', 'build']);
const pwJson = path.join(tmp, 'playwright.json');
rmSync(pwJson, { force: true });
spawnSync('npx', ['playwright', 'test'], {
  cwd: path.join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});
if (existsSync(pwJson)) {
  const { stats } = JSON.parse(readFileSync(pwJson, 'utf8'));
  // A test that passed only on a retry (flaky) is a failure (the config sets no retries anyway).
  totals.passed += stats.expected;
  totals.failed += stats.unexpected + (stats.flaky ?? 0);
  totals.skipped += stats.skipped ?? 0;
  if (stats.unexpected || stats.flaky) failures.push('playwright');
} else {
  totals.failed += 1;
  failures.push('playwright (no report)');
}

if (failures.length) console.log(`\nFailed suites: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
