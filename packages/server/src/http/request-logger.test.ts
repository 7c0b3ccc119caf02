import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLinesLogged, useLazyRequestLoggers } from './request-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('lazy request loggers', () => {
  it('write enabled levels with the request id and skip the others', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'warn', stream } });
    useLazyRequestLoggers(app);
    app.get('/', async (request) => {
      request.log.info('not written');
      request.log.warn({ code: 7 }, 'written');
      request.log.child({ part: 'x' }).error('from a child');
      return { ok: true };
    });
    const answer = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(answer.statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual(['written', 'from a child']);
    expect(lines[0]).toMatchObject({ level: 40, code: 7, reqId: expect.any(String) });
    expect(lines[1]).toMatchObject({ level: 50, part: 'x', reqId: lines[0]?.reqId });
  });

  it('logs requests at info level when enabled', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream } });
    useLazyRequestLoggers(app);
    app.get('/', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('writes request lines only at info level and below', () => {
    expect(['trace', 'debug', 'info'].map(requestLinesLogged)).toEqual([true, true, true]);
    expect(['warn', 'error', 'fatal', 'silent'].map(requestLinesLogged)).toEqual([false, false, false, false]);
  });
});
