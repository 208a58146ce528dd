// Bundle the server (and the contracts it imports as TypeScript) into dist/main.js.
// Dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@baton/contracts');

// `--outfile <path>`: another bundle beside the default one (the bench builds its own copy).
const at = process.argv.indexOf('--outfile');
const outfile = at > 0 ? process.argv[at + 1] : 'dist/main.js';

await build({
  entryPoints: ['src/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
