import { configEndpoints, urlOf } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../server-process.js';

describe('the built server', () => {
  it('shuts down cleanly on SIGTERM (exit code 0) and stops accepting connections', async () => {
    const server = await startBuiltServer();
    const version = `${server.baseUrl}${urlOf(configEndpoints.version)}`;
    const answer = await fetch(version, { headers: { connection: 'keep-alive' } });
    expect(answer.status).toBe(200);
    const started = Date.now();
    const code = await server.stop();
    expect(code, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(fetch(version)).rejects.toThrow();
  });

  it('refuses to start on an invalid configuration, listing every problem', async () => {
    const failure = await startBuiltServer({ SESSION_IDLE_MINUTES: 'soon', LOG_LEVEL: 'loud' }).then(
      () => null,
      (error: unknown) => String(error),
    );
    expect(failure).toContain('exited with code 78');
    expect(failure).toContain('SESSION_IDLE_MINUTES');
    expect(failure).toContain('LOG_LEVEL');
  });
});
