// Start the built server on a fresh data directory (Playwright's webServer command).
import { rmSync } from 'node:fs';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('.tmp')) throw new Error('serve.mjs needs a DATA_DIR under .tmp');
rmSync(dir, { recursive: true, force: true });
// The data directory is this run's only: remove it when the server stops.
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
await import('../server/dist/main.js');
