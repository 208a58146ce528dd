import { writeFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.BATON_API ?? 'http://127.0.0.1:3000';

/** Long-lived vendor code in its own chunks, so a release that changes only pages keeps them cached. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  // antd stays with the pages that use it, so the login page does not download the console's widgets.
  if (/node_modules\/(@ant-design\/(cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion)\//.test(id))
    return 'antd-core';
  return undefined;
}

/** `BATON_BUNDLE_STATS=file.json vite build`: every chunk's modules and their rendered sizes (what weighs what). */
function bundleStats(out: string | undefined): Plugin | false {
  if (!out) return false;
  return {
    name: 'baton-bundle-stats',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks[item.fileName] = Object.fromEntries(
          Object.entries(item.modules).map(([id, m]) => [id.replace(/^.*node_modules\//, 'npm:'), m.renderedLength]),
        );
      }
      writeFileSync(out, JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * The contracts' TypeBox schemas serve the server; the web imports the contracts' constants and
 * types. Their modules only declare, so every top-level value built by a call (a schema) is
 * wrapped in a pure IIFE: the bundler can then drop the schemas no web code reads, and TypeBox
 * with them. (Marking only the calls pure is not enough: `{ ...PageQuery.properties }` reads.)
 */
function pureContracts(): Plugin {
  return {
    name: 'baton-pure-contracts',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS.test(id)) return undefined;
      type Node = { type: string; start: number; end: number };
      type Declarator = { init: Node | null };
      type Statement = Node & { declaration?: Statement | null; declarations?: Declarator[] };
      const program = this.parse(code) as unknown as { body: Statement[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (!init || /Function/.test(init.type)) continue;
          if (/[(]|\.\.\./.test(code.slice(init.start, init.end))) inits.push(init);
        }
      }
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}
const CONTRACTS = /packages\/contracts\/src\/[\w-]+\.ts$/;

export default defineConfig({
  plugins: [react(), pureContracts(), bundleStats(process.env.BATON_BUNDLE_STATS)],
  server: {
    port: 5173,
    proxy: {
      // The socket refuses pages of other origins: through the proxy the page's origin is the server's.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true, headers: { origin: new URL(API_TARGET).origin } },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      // The socket refuses pages of other origins: through the proxy the page's origin is the server's.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true, headers: { origin: new URL(API_TARGET).origin } },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Every browser Baton supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      treeshake: {
        // The contracts (see pureContracts) and TypeBox only declare: what the web does not use is left out.
        moduleSideEffects: (id) => !(CONTRACTS.test(id) || /node_modules\/typebox\//.test(id)),
      },
    },
  },
});
