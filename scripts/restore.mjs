// `npm run restore -- <file> [--force]`: put a backup archive back (see server/src/ops/backup.ts).
import { ensureInstalled } from './lib.mjs';

ensureInstalled();
const { register } = await import('tsx/esm/api');
register();
const { runCli } = await import('../server/src/ops/backup.ts');
process.exitCode = await runCli('restore', process.argv.slice(2), {
  env: process.env,
  cwd: process.env.INIT_CWD || process.cwd(),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
