import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bulkValidationAnswerSchema,
  itemDetailSchema,
  itemTranslationsAnswerSchema,
  itemTranslationUpdateAnswerSchema,
  topics,
  type ItemTranslationRow,
} from '@wms/contract';
import { makeItem, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

describe('item translations API', () => {
  let t: TestApp;
  let uploader: HttpClient;
  let operator: HttpClient;
  let translator: HttpClient;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(db(), { roles: ['itemTranslationUpload', 'information'] });
    [uploader, operator, translator] = await Promise.all([
      signIn(t, user.username, user.password),
      signIn(t, 'operator'),
      signIn(t, 'translator'),
    ]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const update = (rows: ItemTranslationRow[], client = uploader) =>
    client.post('/api/v1/item/translations/update', { rows });
  const translations = async (code: string) => {
    const answer = await operator.get(`/api/v1/item/${encodeURIComponent(code)}/translations`);
    expect(answer.status, answer.text).toBe(200);
    return itemTranslationsAnswerSchema.parse(answer.json);
  };
  const itemAs = async (client: HttpClient, code: string) => {
    const answer = await client.get(`/api/v1/item/${encodeURIComponent(code)}`);
    expect(answer.status, answer.text).toBe(200);
    return itemDetailSchema.strict().parse(answer.json);
  };

  it('stores a name and second name in each of the four languages, by code or name of the language', async () => {
    const item = await makeItem(db(), { name: 'Hammer 500g', secondName: 'steel' });
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const answer = await update([
      { itemCode: item.code, language: 'nl', name: 'Hamer 500g', secondName: 'staal' },
      { itemCode: item.code.toLowerCase(), language: 'Deutsch', name: ' Hammer 500 g ', secondName: 'Stahl' },
      { itemCode: item.code, language: 'POLSKI', name: 'Młotek 500 g' },
      { itemCode: item.code, language: 'en-GB', name: 'Claw hammer', secondName: '' },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(itemTranslationUpdateAnswerSchema.parse(answer.json)).toEqual({ written: 4, deleted: 0, warnings: [] });
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [item.code] });
    expect(await translations(item.code)).toEqual({
      itemCode: item.code,
      name: 'Hammer 500g',
      secondName: 'steel',
      translations: [
        { language: 'en', name: 'Claw hammer', secondName: null },
        { language: 'nl', name: 'Hamer 500g', secondName: 'staal' },
        { language: 'de', name: 'Hammer 500 g', secondName: 'Stahl' },
        { language: 'pl', name: 'Młotek 500 g', secondName: null },
      ],
    });
  });

  it('the item endpoint answers the name in the caller language: a German user sees the German name', async () => {
    const item = await makeItem(db(), { name: 'Screwdriver', secondName: 'PH2' });
    expect(
      (await update([{ itemCode: item.code, language: 'de', name: 'Schraubendreher', secondName: 'Kreuz PH2' }]))
        .status,
    ).toBe(200);
    const german = await makeUser(db(), { roles: ['information'], language: 'de' });
    const dutch = await makeUser(db(), { roles: ['information'], language: 'nl' });
    const seenByGerman = await itemAs(await signIn(t, german.username, german.password), item.code);
    expect(seenByGerman).toMatchObject({
      code: item.code,
      name: 'Screwdriver',
      secondName: 'PH2',
      translationLanguage: 'de',
      translatedName: 'Schraubendreher',
      translatedSecondName: 'Kreuz PH2',
    });
    // No Dutch translation: null, the view shows the item's own name.
    expect(await itemAs(await signIn(t, dutch.username, dutch.password), item.code)).toMatchObject({
      name: 'Screwdriver',
      translationLanguage: 'nl',
      translatedName: null,
      translatedSecondName: null,
    });
    // Codes, find and autocomplete are untouched.
    expect((await operator.get(`/api/v1/item/find/${item.code}`)).json.item.name).toBe('Screwdriver');
  });

  it('the demo data names ITEM-001 in Dutch, German and Polish, and prices it in STANDARD', async () => {
    const german = await makeUser(db(), { roles: ['information'], language: 'de' });
    const client = await signIn(t, german.username, german.password);
    expect(await itemAs(client, 'ITEM-001')).toMatchObject({
      name: 'Hex bolt M8x40',
      translatedName: 'Sechskantschraube M8x40',
    });
    expect((await itemAs(operator, 'ITEM-001')).translatedName).toBeNull();
    const price = await client.get('/api/v1/item/ITEM-001/itemPrice?priceList=STANDARD&quantity=200');
    expect(price.json.price).toMatchObject({ minQuantity: 144, price: '0.12' });
  });

  it('an empty name deletes that language (with a warning); other languages stay', async () => {
    const item = await makeItem(db());
    await update([
      { itemCode: item.code, language: 'nl', name: 'Een' },
      { itemCode: item.code, language: 'de', name: 'Eins' },
    ]);
    const checked = bulkValidationAnswerSchema.parse(
      (
        await uploader.post('/api/v1/item/translations/validate', {
          rows: [{ itemCode: item.code, language: 'nl', name: '' }],
        })
      ).json,
    );
    expect(checked).toEqual({
      counts: { valid: 0, warning: 1, error: 0 },
      rows: [
        {
          index: 0,
          status: 'WARNING',
          messages: [
            {
              severity: 'WARNING',
              field: 'name',
              key: 'translationDeleted',
              args: { itemCode: item.code, language: 'nl' },
            },
          ],
        },
      ],
    });
    const answer = await update([{ itemCode: item.code, language: 'nl', name: '  ' }]);
    expect(itemTranslationUpdateAnswerSchema.parse(answer.json)).toMatchObject({ written: 0, deleted: 1 });
    expect((await translations(item.code)).translations.filter((entry) => entry.name !== null)).toEqual([
      { language: 'de', name: 'Eins', secondName: null },
    ]);
  });

  it('refuses bad rows per row and writes nothing (422 rowsHaveErrors)', async () => {
    const item = await makeItem(db());
    const rows: ItemTranslationRow[] = [
      { itemCode: item.code, language: 'nl', name: 'Goed' },
      { itemCode: 'NO-SUCH-ITEM', language: 'nl', name: 'x' },
      { itemCode: item.code, language: 'Klingon', name: 'x' },
      { itemCode: item.code, language: 'de', name: '', secondName: 'nur zweiter' },
      { itemCode: item.code, language: 'pl', name: 'x'.repeat(201) },
      { itemCode: item.code, language: 'Nederlands', name: 'Dubbel' },
    ];
    const checked = bulkValidationAnswerSchema.parse(
      (await uploader.post('/api/v1/item/translations/validate', { rows })).json,
    );
    expect(checked.rows.map((row) => row.messages.map((m) => [m.field, m.key, m.args]))).toEqual([
      [[null, 'duplicateInFile', { rows: [5] }]],
      [['itemCode', 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }]],
      [['language', 'unknownLanguage', { language: 'Klingon' }]],
      [['name', 'translationNameRequired', { language: 'de' }]],
      [['name', 'valueTooLong', { max: 200 }]],
      [[null, 'duplicateInFile', { rows: [0] }]],
    ]);
    const refused = await update(rows);
    expect(errorOf(refused)).toMatchObject({ status: 422, key: 'rowsHaveErrors', args: { errors: 6 } });
    expect((await translations(item.code)).translations.every((entry) => entry.name === null)).toBe(true);
  });

  it('answers 403 without the role: update and validate need itemTranslationUpload, reading needs information', async () => {
    const item = await makeItem(db());
    const rows = [{ itemCode: item.code, language: 'nl', name: 'x' }];
    expect(errorOf(await update(rows, operator))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await operator.post('/api/v1/item/translations/validate', { rows })).status).toBe(403);
    expect((await translator.get(`/api/v1/item/${item.code}/translations`)).status).toBe(403);
    expect(errorOf(await operator.get('/api/v1/item/NO-SUCH-ITEM/translations'))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
  });
});
