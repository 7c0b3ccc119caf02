import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const contractEntry = decodeURIComponent(new URL('../contract/src/index.ts', import.meta.url).pathname);
const zodJitless = decodeURIComponent(new URL('./src/platform/zod-jitless.ts', import.meta.url).pathname);
const server = 'http://localhost:8080';

/** The web app; `npm run build -w @wms/web` writes dist/, which the server serves. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@wms/contract', replacement: contractEntry },
      // zod without eval, so the app passes its Content-Security-Policy (see the module).
      { find: /^zod$/, replacement: zodJitless },
    ],
  },
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    port: 5173,
    proxy: {
      '/api/v1/ws': { target: server, ws: true, changeOrigin: true },
      '/api': { target: server, changeOrigin: true },
      '/translations': { target: server, changeOrigin: true },
      '/userdata': { target: server, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
