import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';

describe('shutdown', () => {
  it('ends within the grace period even while a client holds a request open without finishing it', async () => {
    const t = await buildTestApp();
    const { port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // A request whose body never arrives: the connection is busy, not idle.
    socket.write(
      'POST /api/v1/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const closedBy = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await t.close();
    await closedBy;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(4_000);
    expect(took).toBeLessThan(15_000);
  }, 30_000);
});
