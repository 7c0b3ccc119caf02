import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import { makeItem } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { ImportRunContext, SourceRow } from '../importers/importer.js';
import { rowPasses } from '../importers/importer.js';
import { itemTranslationImporter } from './item-translations.importer.js';
import { languageOf } from './translation-rows.js';

describe('item_translations importer', () => {
  let t: TestApp;
  const db = () => t.app.ctx.db;
  const run: () => ImportRunContext = () => ({
    ctx: t.app.ctx,
    principal: { userId: 1, username: 'admin', expandedRoles: new Set(), sessionId: null, apiKeyId: null },
    language: 'en',
  });
  const source = (rowNumber: number, values: Record<string, string>): SourceRow => ({ rowNumber, values });
  const stored = (itemId: number) =>
    db()
      .selectFrom('item_translation')
      .select(['language', 'name', 'second_name'])
      .where('item_id', '=', itemId)
      .orderBy('language')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('reads a language from its code or its name in any of the four languages', () => {
    expect(['nl', 'NL', 'Nederlands', 'dutch', 'Niederländisch', 'nl-BE'].map(languageOf)).toEqual(Array(6).fill('nl'));
    expect(['Deutsch', 'DUITS', 'de_AT', 'niemiecki'].map(languageOf)).toEqual(Array(4).fill('de'));
    expect(['Polski', 'POLISH', 'pl'].map(languageOf)).toEqual(Array(3).fill('pl'));
    expect(['English', 'Engels', 'en-GB'].map(languageOf)).toEqual(Array(3).fill('en'));
    expect(['fr', 'Français', '', 'nl-'].map(languageOf)).toEqual([null, null, null, null]);
  });

  it('takes the wide form (one item per row, a column per language) and the long form, and commits them', async () => {
    const bolt = await makeItem(db(), { name: 'Bolt M8' });
    const nut = await makeItem(db(), { name: 'Nut M8' });
    const rows = [
      source(2, {
        itemCode: bolt.code,
        nameEn: 'Bolt M8',
        nameNl: 'Bout M8',
        nameDe: 'Schraube M8',
        secondNameDe: 'verzinkt',
        namePl: 'Śruba M8',
      }),
      source(3, { itemCode: nut.code, language: 'Nederlands', name: 'Moer M8', secondName: 'verzinkt' }),
    ];
    const checked = await itemTranslationImporter.check(db(), rows, run());
    expect(checked.map((row) => [row.rowNumber, row.messages, row.group])).toEqual([
      [2, [], null],
      [3, [], null],
    ]);
    const created = await db()
      .transaction()
      .execute((tx) => itemTranslationImporter.commit(tx, checked, run()));
    expect(created).toEqual([
      { type: 'ITEM_TRANSLATION', code: bolt.code },
      { type: 'ITEM_TRANSLATION', code: nut.code },
    ]);
    expect(await stored(bolt.id)).toEqual([
      { language: 'de', name: 'Schraube M8', second_name: 'verzinkt' },
      { language: 'en', name: 'Bolt M8', second_name: null },
      { language: 'nl', name: 'Bout M8', second_name: null },
      { language: 'pl', name: 'Śruba M8', second_name: null },
    ]);
    expect(await stored(nut.id)).toEqual([{ language: 'nl', name: 'Moer M8', second_name: 'verzinkt' }]);
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    await itemTranslationImporter.afterCommit!(t.app.ctx, created);
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [bolt.code, nut.code] });
  });

  it('reports bad rows by row number, column, key and args; a wide file never deletes', async () => {
    const washer = await makeItem(db());
    await db()
      .insertInto('item_translation')
      .values({ item_id: washer.id, language: 'de', name: 'Scheibe', second_name: null, updated_at: '2025-01-01' })
      .execute();
    const rows = [
      source(2, { itemCode: washer.code, nameNl: 'Ring', nameDe: '' }),
      source(3, { itemCode: 'NO-SUCH-ITEM', nameNl: 'x' }),
      source(4, { itemCode: washer.code }),
      source(5, { itemCode: washer.code, language: 'Klingon', name: 'x' }),
      source(6, { itemCode: washer.code, secondNamePl: 'tylko druga' }),
      source(7, { itemCode: washer.code, language: 'NL', name: 'Sluitring' }),
    ];
    const checked = await itemTranslationImporter.check(db(), rows, run());
    expect(
      checked.map((row) => [row.rowNumber, row.messages.map((m) => [m.severity, m.column, m.key, m.args])]),
    ).toEqual([
      [2, [['ERROR', null, 'duplicateInFile', { rows: [7] }]]],
      [3, [['ERROR', 'itemCode', 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }]]],
      [4, [['ERROR', null, 'translationRowEmpty', {}]]],
      [5, [['ERROR', 'language', 'unknownLanguage', { language: 'Klingon' }]]],
      [6, [['ERROR', 'namePl', 'translationNameRequired', { language: 'pl' }]]],
      [7, [['ERROR', null, 'duplicateInFile', { rows: [2] }]]],
    ]);
    expect(checked.some(rowPasses)).toBe(false);
    expect(checked.every((row) => row.prepared === undefined)).toBe(true);
    // The empty nameDe cell of row 2 leaves the German name alone.
    const fine = await itemTranslationImporter.check(db(), [rows[0]!], run());
    expect(fine[0]!.prepared).toEqual([
      { itemId: washer.id, itemCode: washer.code, language: 'nl', name: 'Ring', secondName: null },
    ]);
    await db()
      .transaction()
      .execute((tx) => itemTranslationImporter.commit(tx, fine, run()));
    expect((await stored(washer.id)).map((row) => [row.language, row.name])).toEqual([
      ['de', 'Scheibe'],
      ['nl', 'Ring'],
    ]);
  });
});
