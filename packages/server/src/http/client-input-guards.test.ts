import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frameworkErrorHandler, maxPathParamLength, registerErrorHandler } from './error-handler.js';
import { registerNulGuard } from './nul-guard.js';

/**
 * What a client sends that no route should see: a NUL character (PostgreSQL cannot store it), a
 * path parameter over the router's limit, a path that is not valid percent-encoding. Each is a
 * keyed client error; a request without them reaches its route unchanged.
 */
const messageFor = (key: string) => `text of ${key}`;

async function guardedApp() {
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: maxPathParamLength },
    frameworkErrors: frameworkErrorHandler(messageFor),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, messageFor, false);
  registerNulGuard(app);
  app.get('/item/:code', (request) => ({ params: request.params, query: request.query }));
  app.post('/echo', { schema: { body: z.object({ code: z.string() }) } }, (request) => request.body);
  await app.ready();
  return app;
}

/** Posts JSON text as written (escapes and keys a serializer would not produce). */
const postJsonText = (app: Awaited<ReturnType<typeof guardedApp>>, text: string) =>
  app.inject({ method: 'POST', url: '/echo', payload: text, headers: { 'content-type': 'application/json' } });

describe('client input guards', () => {
  it('refuses a NUL in the path, the query or a JSON text as invalid input', async () => {
    const app = await guardedApp();
    const answers = [
      await app.inject({ method: 'GET', url: '/item/A%00B' }),
      await app.inject({ method: 'GET', url: '/item/A?text=%00' }),
      await app.inject({ method: 'POST', url: '/echo', payload: { code: 'A\u0000B' } }),
      await postJsonText(app, '{"code":"\\\\\\u0000"}'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ key: 'invalidInput', args: { reason: 'a text holds a NUL character' } });
    }
    await app.close();
  });

  it('passes an escaped backslash before "u0000", and ordinary input, to the route', async () => {
    const app = await guardedApp();
    const escaped = await postJsonText(app, '{"code":"\\\\u0000"}');
    expect(escaped.statusCode).toBe(200);
    expect(escaped.json()).toEqual({ code: '\\u0000' });
    const plain = await app.inject({ method: 'GET', url: '/item/%C3%A9t%C3%A9?q=1%2500' });
    expect(plain.json()).toEqual({ params: { code: 'été' }, query: { q: '1%00' } });
    // The default JSON parser's protections stay: a __proto__ key is refused.
    const poisoned = await postJsonText(app, '{"code":"a","__proto__":{"x":1}}');
    expect(poisoned.statusCode).toBe(400);
    await app.close();
  });

  it('answers a path parameter over the limit and a bad percent-encoding in the one error shape', async () => {
    const app = await guardedApp();
    const long = await app.inject({ method: 'GET', url: `/item/${'x'.repeat(maxPathParamLength + 1)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      status: 414,
      key: 'valueTooLong',
      args: { max: maxPathParamLength },
      message: 'text of valueTooLong',
    });
    expect(long.body).not.toContain('xxxx');
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const bad = await app.inject({ method: 'GET', url: '/item/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'invalidInput' });
    const atLimit = await app.inject({ method: 'GET', url: `/item/${'x'.repeat(maxPathParamLength)}` });
    expect(atLimit.statusCode).toBe(200);
    await app.close();
  });
});
