// `npm run backup [-- --out <dir>]`: one archive of Baton's database (see server/src/ops/backup.ts).
import { ensureInstalled } from './lib.mjs';

ensureInstalled();
const { register } = await import('tsx/esm/api');
register();
const { runCli } = await import('../server/src/ops/backup.ts');
process.exitCode = await runCli('backup', process.argv.slice(2), {
  env: process.env,
  cwd: process.env.INIT_CWD || process.cwd(),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
