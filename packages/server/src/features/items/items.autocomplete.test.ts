import { itemAutocompleteAnswerSchema } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { newItemRow } from './item-rows.js';

/**
 * The autocomplete's contains match through the trigram index (migration 0006) and, for texts
 * under 3 characters, the scan: texts that are special to LIKE or to FTS5 match literally.
 */
describe('GET /api/v1/item/autocomplete/{text}: special characters and short texts', () => {
  let t: TestApp;
  let operator: HttpClient;
  const at = '2025-01-01T00:00:00.000Z';
  const items = [
    { code: 'PCT-50', name: 'Discount 50% off' },
    { code: 'SNAKE-1', name: 'snake_case part' },
    { code: 'INCH-1', name: 'Ruler 12" steel' },
    { code: 'TIME-1', name: "Clock o'clock face" },
    { code: 'STAR-1', name: 'Star * bit T20' },
    { code: 'WORDS-1', name: 'Cable NEAR AND OR NOT' },
    { code: 'PAREN-1', name: 'Cap (red): ^top' },
    { code: 'SLASH-1', name: 'Back\\slash tool' },
    { code: 'UMLAUT-1', name: 'Größe XL Ärmel' },
    { code: 'QQ-7', name: 'Prefix probe', barcodes: ['ZQQ-7000', null, null] },
    { code: 'ZZ-QQ-7', name: 'Contains probe' },
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await t.signedIn('operator');
    for (const item of items) await t.app.ctx.db.insertInto('item').values(newItemRow(item, at)).execute();
  });
  afterAll(async () => t.close());

  async function codesFor(text: string): Promise<string[]> {
    const answer = await operator.get(`/api/v1/item/autocomplete/${encodeURIComponent(text)}`);
    expect(answer.status).toBe(200);
    return itemAutocompleteAnswerSchema.parse(answer.json).map((suggestion) => suggestion.code);
  }

  it.each([
    ['50%', ['PCT-50']],
    ['0% o', ['PCT-50']],
    ['%', ['PCT-50']],
    ['_', ['SNAKE-1']],
    ['e_c', ['SNAKE-1']],
    ['snake_case', ['SNAKE-1']],
    ['"', ['INCH-1']],
    ['12"', ['INCH-1']],
    ['12" s', ['INCH-1']],
    ["'", ['TIME-1']],
    ["o'clock", ['TIME-1']],
    ['*', ['STAR-1']],
    ['r * b', ['STAR-1']],
    ['near and', ['WORDS-1']],
    ['not', ['WORDS-1']],
    ['(red):', ['PAREN-1']],
    ['^top', ['PAREN-1']],
    ['^', ['PAREN-1']],
    ['\\', ['SLASH-1']],
    ['k\\s', ['SLASH-1']],
    ['GRÖSSE', []],
    ['größe', ['UMLAUT-1']],
    ['ÄRMEL', ['UMLAUT-1']],
    ['ä', ['UMLAUT-1']],
  ])('matches %j literally and case-insensitively', async (text, expected) => {
    expect(await codesFor(text)).toEqual(expected);
  });

  it('answers 1- and 2-character texts, case-insensitively', async () => {
    expect(await codesFor('Q')).toEqual(expect.arrayContaining(['QC-001', 'QQ-7', 'ZZ-QQ-7']));
    expect(await codesFor('zq')).toEqual(['QQ-7']);
    expect(await codesFor('Ä')).toEqual(['UMLAUT-1']);
    expect(await codesFor('%_')).toEqual([]);
  });

  it('answers code-prefix matches first, then the contains matches by code, for short and long texts', async () => {
    // QQ-7 starts with the text; ZZ-QQ-7 contains it in its code; QQ-7 also by its barcode.
    expect(await codesFor('qq')).toEqual(['QQ-7', 'ZZ-QQ-7']);
    expect(await codesFor('qq-7')).toEqual(['QQ-7', 'ZZ-QQ-7']);
    expect(await codesFor('probe')).toEqual(['QQ-7', 'ZZ-QQ-7']);
    expect(await codesFor('q-7000')).toEqual(['QQ-7']);
  });
});
