import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@wms/contract': path.resolve(import.meta.dirname, 'packages/contract/src/index.ts') };
const serverProject = (database: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${database}`,
    include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
    env: { WMS_TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Contract, web (pure logic), web-dom (components in jsdom) and server suites; the server suite runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      // The repository's own tooling (lint fences).
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      // Web: pure logic only (no DOM), so the node environment.
      {
        resolve: { alias },
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], environment: 'node' },
      },
      // Web components: rendered in jsdom with Testing Library.
      {
        resolve: { alias },
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'web-dom',
          include: ['packages/web/src/**/*.dom.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/components/test/dom-setup.ts'],
        },
      },
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
