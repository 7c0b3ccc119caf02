import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { registerErrorHandler } from './error-handler.js';

const messageFor = (key: string) => `text of ${key}`;

async function appWith(exposeInternals: boolean) {
  const app = Fastify({ logger: false, bodyLimit: 100 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, messageFor, exposeInternals);
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/app-error', () => {
    throw new AppError(409, 'usernameTaken', { username: 'anna' });
  });
  app.get('/bad-answer', { schema: { response: { 200: z.object({ n: z.number() }) } } }, () => ({ n: 'x' }) as never);
  app.post('/typed', { schema: { body: z.object({ count: z.number().int(), name: z.string() }) } }, () => 'ok');
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers an unexpected error with 500 and no internals outside DEV', async () => {
    const app = await appWith(false);
    for (const url of ['/boom', '/bad-answer']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({
        status: 500,
        key: 'internalServerError',
        args: {},
        message: 'text of internalServerError',
      });
      expect(answer.body).not.toContain('hunter2');
      expect(answer.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    await app.close();
  });

  it('shows the error and stack in DEV', async () => {
    const app = await appWith(true);
    const answer = await app.inject({ method: 'GET', url: '/boom' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().args.error).toBe('database password is hunter2');
    expect(answer.json().args.stack).toContain('error-handler.test');
    await app.close();
  });

  it('maps AppError, validation, malformed JSON and oversized bodies to the one shape', async () => {
    const app = await appWith(false);
    const appError = await app.inject({ method: 'GET', url: '/app-error' });
    expect(appError.statusCode).toBe(409);
    expect(appError.json()).toEqual({
      status: 409,
      key: 'usernameTaken',
      args: { username: 'anna' },
      message: 'text of usernameTaken',
    });

    const invalid = await app.inject({ method: 'POST', url: '/typed', payload: { count: 1.5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().key).toBe('invalidInput');
    expect(
      invalid
        .json()
        .args.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['body.count', 'body.name']);

    const malformed = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/json' },
      payload: '{"count":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().key).toBe('malformedJson');

    const large = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(200), count: 1 }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ key: 'payloadTooLarge', args: { limit: 100 } });

    const unsupported = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toMatchObject({ status: 415, key: expect.any(String) });
    await app.close();
  });
});
