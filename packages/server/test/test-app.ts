import { buildApp, type App, type BuildOptions } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createTestDatabase } from './test-database.js';
import { HttpClient } from './http-client.js';

export interface TestApp {
  app: App;
  baseUrl: string;
  config: AppConfig;
  /** A new HTTP client with its own cookie jar. */
  client(): HttpClient;
  /** A client signed in as the user (demo users have password = username). */
  signedIn(username: string, password?: string): Promise<HttpClient>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database, listening on a random local port, so tests talk
 * real HTTP and WebSocket. Demo data is on unless overridden.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    WMS_RUNTIME_TYPE: 'TEST',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const app = await buildApp(config, options).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    app,
    baseUrl,
    config,
    client: () => new HttpClient(baseUrl, config.version),
    signedIn: async (username, password = username) => {
      const client = new HttpClient(baseUrl, config.version);
      const answer = await client.post('/api/v1/auth/signin', { username, password });
      if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.status} ${answer.text}`);
      return client;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await database.drop();
    },
  };
}
