import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, pathOf, queryKeyOf, serializeQuery, signedInAccess, urlOf } from './endpoint.js';

const sample = defineEndpoints('samples', {
  list: {
    method: 'GET',
    path: '/api/v1/sample/',
    access: signedInAccess,
    query: z.object({ text: z.string().optional(), codes: z.array(z.string()).optional() }),
    answer: z.array(z.object({ id: z.number() })),
  },
  one: {
    method: 'POST',
    path: '/api/v1/sample/:code/line/:line',
    access: signedInAccess,
    body: z.object({ quantity: z.number() }),
    answer: z.object({ ok: z.literal(true) }),
  },
  file: { method: 'GET', path: '/userdata/*', access: signedInAccess, answer: null },
});

describe('endpoint tables', () => {
  it('stamps each endpoint with its area and name', () => {
    expect(sample.one).toMatchObject({ area: 'samples', name: 'one', method: 'POST' });
  });

  it('fills path parameters, encoded, and keeps the slashes of a trailing *', () => {
    expect(pathOf(sample.one, { code: 'A/B C', line: 3 })).toBe('/api/v1/sample/A%2FB%20C/line/3');
    expect(pathOf(sample.file, { '*': 'temp/albums/a b.png' })).toBe('/userdata/temp/albums/a%20b.png');
    expect(() => pathOf(sample.one, { code: 'A' })).toThrow('parameter line missing');
  });

  it('writes query arrays with brackets and leaves out null and undefined', () => {
    expect(serializeQuery({ a: [1, 2], b: 'x y', c: null, d: undefined, e: true })).toBe('?a[]=1&a[]=2&b=x%20y&e=true');
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ codes: [] })).toBe('');
    expect(urlOf(sample.list, { query: { text: 'ab', codes: ['x'] } })).toBe('/api/v1/sample/?text=ab&codes[]=x');
    expect(urlOf(sample.list)).toBe('/api/v1/sample/');
  });

  it('keys queries by area, params, name and query so that prefixes select an area or one object', () => {
    expect(queryKeyOf(sample.list, { query: { text: 'a' } })).toEqual(['samples', {}, 'list', { text: 'a' }]);
    expect(queryKeyOf(sample.one, { params: { code: 'A', line: 1 }, body: { quantity: 1 } })).toEqual([
      'samples',
      { code: 'A', line: 1 },
      'one',
      {},
    ]);
  });

  it('types the request from the path and schemas', () => {
    type OneRequest = Parameters<typeof urlOf<typeof sample.one>>[1];
    expectTypeOf<OneRequest>().toEqualTypeOf<
      { params: { code: string | number; line: string | number } } & { query?: undefined } & {
        body: { quantity: number };
      }
    >();
    // @ts-expect-error -- a path parameter is missing (and the call throws)
    expect(() => urlOf(sample.one, { params: { code: 'A' }, body: { quantity: 1 } })).toThrow();
  });
});
