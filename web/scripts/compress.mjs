/**
 * After `vite build`: a `.br` and a `.gz` twin beside every text asset of `dist/`, compressed once
 * at the highest levels, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on every request or not at all.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;
/** Below this a compressed answer gains nothing worth a second file. */
const MIN_BYTES = 256;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
let gz = 0;
const jobs = [];
for await (const file of files(dist)) {
  if (file.includes(`${path.sep}.vite${path.sep}`) || (await stat(file)).size < MIN_BYTES) continue;
  jobs.push(
    (async () => {
      const body = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
      count += 1;
      raw += body.length;
      br += b.length;
      gz += g.length;
    })(),
  );
}
await Promise.all(jobs);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`compress: ${count} files, ${kb(raw)} → gzip ${kb(gz)}, brotli ${kb(br)}`);
