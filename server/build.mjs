// Bundle the server (and the contracts it imports as TypeScript) into dist/main.js.
// Dependencies stay external and load from node_modules.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@baton/contracts');

// `--outdir <path>`: another build beside the default one (the bench builds its own copy).
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist';

// Chunk names carry a hash: drop the previous build's chunks.
rmSync(`${outdir}/chunks`, { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts'],
  outdir,
  // Modules imported on demand (PDF documents, spreadsheets) become chunks of their own, so their
  // large dependencies load with the first use rather than at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
