import { itemAutocompleteAnswerSchema } from '@wms/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { newItemRow } from './item-rows.js';

/**
 * Any text a client sends to the item autocomplete is a 200 or a 400, never a 500: FTS5 syntax
 * matches literally, a control character (NUL among them) is 400 invalidInput.
 */
describe('GET /api/v1/item/autocomplete/{text}: hostile texts', () => {
  let t: TestApp;
  let operator: HttpClient;
  const at = '2025-01-01T00:00:00.000Z';

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await t.signedIn('operator');
    for (const item of [
      { code: 'FTS-1', name: 'Cable NEAR(a b) AND "x" OR y*' },
      { code: 'FTS-2', name: 'col:umn -minus ^caret {braces} +plus' },
    ]) {
      await t.app.ctx.db.insertInto('item').values(newItemRow(item, at)).execute();
    }
  });
  afterAll(async () => t.close());

  const ask = (text: string) => operator.get(`/api/v1/item/autocomplete/${encodeURIComponent(text)}`);
  const codesOf = (json: unknown) => itemAutocompleteAnswerSchema.parse(json).map((s) => s.code);

  it.each(['\u0000', 'a\u0000b', 'abc\u0000', 'ab\u0000cd', '\u0001\u0002\u0003', 'ab\u007fc', 'ab\u0085cd', 'a\tb'])(
    'refuses %j (a control character) with 400 invalidInput',
    async (text) => {
      const answer = await ask(text);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ status: 400, key: 'invalidInput' });
    },
  );

  it.each([
    '/api/v1/bin_location/autocomplete/',
    '/api/v1/batch/autocomplete/',
    '/api/v1/serial/autocomplete/',
    '/api/v1/bp/autocomplete/',
    '/api/v1/order/autocomplete/',
    '/api/v1/production/work_orders/autocomplete/',
  ])('refuses a control character on %s too, with 400 invalidInput (one rule in the contract)', async (path) => {
    const admin = await t.signedIn('admin');
    const answer = await admin.get(`${path}${encodeURIComponent('ab\u0000c')}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: 400, key: 'invalidInput' });
  });

  it.each([
    ['"', ['FTS-1']],
    ['"""', []],
    ['near(', ['FTS-1']],
    ['NEAR(a b)', ['FTS-1']],
    ['and "x', ['FTS-1']],
    ['y*', ['FTS-1']],
    ['" OR "', []],
    [') AND (', []],
    ['col:umn', ['FTS-2']],
    [' -minus', ['FTS-2']],
    ['^caret', ['FTS-2']],
    ['{braces}', ['FTS-2']],
    ['+plus', ['FTS-2']],
    ['*', ['FTS-1']],
    [':', ['FTS-2']],
    ['(a b) and', ['FTS-1']],
    ['NOT', []],
    ['x" NOT "y', []],
  ])('matches the FTS5 syntax %j literally', async (text, expected) => {
    const answer = await ask(text);
    expect(answer.status).toBe(200);
    expect(codesOf(answer.json)).toEqual(expected);
  });

  it('answers any random text with 200 (or 400 for what the schema or the control rule refuses), never a 500', async () => {
    const syntax = fc.constantFrom(
      '"',
      '*',
      'AND',
      'OR',
      'NOT',
      'NEAR(',
      ')',
      '(',
      '-',
      ':',
      '^',
      '{',
      '}',
      '+',
      '\u0000',
      ' ',
      '%',
      '_',
      '\\',
    );
    const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), syntax);
    const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const answer = await ask(value);
        const trimmed = value.trim();
        // eslint-disable-next-line no-control-regex -- the rule under test
        const refused = trimmed.length === 0 || trimmed.length > 100 || /[\u0000-\u001f\u007f-\u009f]/.test(trimmed);
        expect(answer.status, JSON.stringify(value)).toBe(refused ? 400 : 200);
        if (!refused) {
          const needle = trimmed.toLowerCase();
          for (const suggestion of itemAutocompleteAnswerSchema.parse(answer.json)) {
            const haystack = [
              suggestion.code,
              suggestion.name,
              suggestion.barcode,
              suggestion.barcode2,
              suggestion.barcode3,
            ]
              .filter((v): v is string => v !== null)
              .map((v) => v.toLowerCase());
            expect(
              haystack.some((v) => v.includes(needle)),
              `${JSON.stringify(value)} -> ${suggestion.code}`,
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
