import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverVersion: string;
  }
}

/** One built server for the whole browser suite; stopped with SIGTERM, which must exit cleanly. */
export default async function setup(project: TestProject) {
  // The translation editor's auto-translate service (routed by platform.spec) is outside the
  // app's origin: the Content-Security-Policy lets the app reach it only when configured.
  const server = await startBuiltServer({ CSP_CONNECT_SRC: 'http://translate.test' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverVersion', server.version);
  return async () => {
    const code = await server.stop();
    if (code !== 0) {
      // Vitest reports a teardown error but keeps exit code 0: fail the run ourselves.
      process.exitCode = 1;
      throw new Error(
        `graceful shutdown failed: the server exited with code ${code} after SIGTERM:\n${server.output()}`,
      );
    }
  };
}
