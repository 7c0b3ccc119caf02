import { defineConfig } from 'vitest/config';

/** Browser tests: Chromium (playwright-core) against the built server, started once by global-setup. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    // Generous: two Chromiums and the server share two cores; the specs wait for what they need.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: one Chromium per spec file, two at a time.
    maxWorkers: 2,
  },
});
