import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/src/**/*.test.ts'];

/**
 * The server files share one module graph per worker (`isolate: false`): isolated, every file
 * started a fresh worker and imported the whole server again, which took more of the run than
 * the tests did. Each file still builds its own app on its own fresh database (`makeTestApp`),
 * and the server keeps no per-process state between apps.
 */
const serverProject = {
  include: serverTests,
  globalSetup: ['server/src/test/template.ts'],
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * What depends on the engine, run again on PostgreSQL: the driver and its faults, migrations and
 * seeds, transactions, locks and concurrent writers, crashes, shutdown, backup, two instances, and
 * the modules whose reads are raw SQL whose types the driver parses (counts, numerics, timestamps:
 * stats, the public and audit lists, the competition views, scores and public pages).
 * Everything runs on PGlite, PostgreSQL's own engine: a value the database refuses is refused with
 * the same SQLSTATE on both, and the code before it is the same. So the modules that only write and
 * read through Drizzle's typed builders (files, meetings, start lists, bibs, combined events, the
 * call room, code generation, verification codes), and bad input on every route (over two minutes),
 * run on PGlite only; the driver's own faults are pg-faults.test.ts's.
 */
const postgresTests = [
  'server/src/db/**/*.test.ts',
  'server/src/ops/**/*.test.ts',
  'server/src/security/{crash,shutdown,object-access}.test.ts',
  'server/src/plugins/oplog-tx.test.ts',
  'server/src/lib/sql.test.ts',
  'server/src/app.test.ts',
  'server/src/modules/{health,realtime,stats,public}/*.test.ts',
  'server/src/modules/apply/{apply,concurrency}.test.ts',
  'server/src/modules/audit/*.test.ts',
  'server/src/modules/competition/views.test.ts',
  'server/src/modules/competition/{scores,public}/*.test.ts',
];

/**
 * One run covers every unit and server suite. The server suite runs on embedded PGlite, and
 * its engine-dependent part again on PostgreSQL when TEST_DATABASE_URL is set (as .ci/run does).
 */
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (Vitest's default leaves one core idle): the
    // server files spend much of their time waiting on the database, child processes and sockets.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'web-unit', include: ['web/src/**/*.test.ts'] } },
      {
        // Web component tests in a real (headless) Chromium.
        plugins: [react()],
        test: {
          name: 'web-browser',
          include: ['web/src/**/*.browser.test.tsx'],
          setupFiles: ['web/src/test/browser-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: { name: 'server-pglite', env: { BATON_TEST_DB: 'pglite' }, ...serverProject },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                env: { BATON_TEST_DB: 'postgres' },
                ...serverProject,
                include: postgresTests,
              },
            },
          ]
        : []),
    ],
  },
});
