import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './serializer.js';

const schema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.unknown()),
});

const compile = (validate: boolean) =>
  createResponseSerializerCompiler(validate)({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  const row = { id: 1, name: 'a', email: null, tags: ['x'], extra: { deep: { n: 1 } }, passwordHash: 'secret' };

  it('writes only the declared properties, in production and test mode alike', () => {
    for (const validate of [false, true]) {
      const json = JSON.parse(compile(validate)(row)) as Record<string, unknown>;
      expect(json).toEqual({ id: 1, name: 'a', email: null, tags: ['x'], extra: { deep: { n: 1 } } });
      expect(json).not.toHaveProperty('passwordHash');
    }
  });

  it('fails an answer that breaks its schema when validating (TEST and DEV)', () => {
    expect(() => compile(true)({ ...row, name: 42 })).toThrow();
  });

  it('falls back to zod encoding for schemas JSON Schema cannot express', () => {
    const withTransform = z.object({ at: z.date() });
    const serialize = createResponseSerializerCompiler(false)({
      schema: withTransform,
      method: 'GET',
      url: '/y',
      httpStatus: '200',
    });
    expect(JSON.parse(serialize({ at: new Date('2026-01-02T03:04:05Z') }))).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
