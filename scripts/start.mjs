// `npm start`: build what is missing (or stale), then run Baton on the embedded database.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, ...inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((dir) => newestMtime(path.join(root, dir)) > built);
}

if (stale(path.join(root, 'web/dist/index.html'), 'web', 'packages/contracts'))
  run('npm', ['run', 'build', '-w', 'web']);
if (stale(path.join(root, 'server/dist/main.js'), 'server/src', 'packages/contracts'))
  run('npm', ['run', 'build', '-w', 'server']);

const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--enable-source-maps', path.join(root, 'server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
