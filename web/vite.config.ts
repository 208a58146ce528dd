import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.BATON_API ?? 'http://127.0.0.1:3000';

/** Long-lived vendor code in its own chunks, so a release that changes only pages keeps them cached. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  // antd stays with the pages that use it, so the login page does not download the console's widgets.
  if (/node_modules\/(@ant-design\/(cssinjs|cssinjs-utils|colors|fast-color)|stylis|@emotion)\//.test(id))
    return 'antd-core';
  if (/node_modules\/(sm-crypto-v2|@noble)\//.test(id)) return 'sm-crypto';
  if (/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id)) return 'i18n';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      treeshake: {
        // The contracts' TypeBox schemas serve the server; the web imports only their types, so a
        // module of them the web does not use (and TypeBox with it) is left out of the bundle.
        moduleSideEffects: (id) => !/packages\/contracts\/src\/schemas\.ts$|node_modules\/typebox\//.test(id),
      },
    },
  },
});
