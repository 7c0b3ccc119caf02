import { defineConfig } from 'vitest/config';

/** Browser tests: Chromium (playwright-core) against the built server, started once by global-setup. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one Chromium per spec file, two at a time.
    maxWorkers: 2,
  },
});
