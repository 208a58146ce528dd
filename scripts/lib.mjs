// Shared by the two commands: make sure dependencies are installed before anything else.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Install (or re-install after the lock file changed). `npm install` follows the committed
 * lock's versions; `npm ci` is not used because npm 11 leaves other platforms' optional
 * packages (biome, rollup, esbuild binaries) out of the lock and `npm ci` then refuses it.
 */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result;
}
