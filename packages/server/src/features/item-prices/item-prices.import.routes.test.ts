import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeKey, topics, type ImportKind, type Role } from '@wms/contract';
import { makeItem, makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

/** The item_prices and item_translations importers through the import framework's routes. */
describe('item price and translation imports over HTTP', () => {
  let t: TestApp;
  let bolt: { id: number; code: string };
  let nut: { id: number; code: string };
  const db = () => t.app.ctx.db;
  const login = async (roles: Role[], language = 'en') => {
    const user = await makeUser(db(), { roles, language });
    return signIn(t, user.username, user.password);
  };
  beforeAll(async () => {
    t = await buildTestApp();
    bolt = await makeItem(db());
    nut = await makeItem(db());
  });
  afterAll(async () => t.close());

  const base = (kind: ImportKind) => `/api/v1/order/import/${kind}/sessions`;
  async function upload(client: HttpClient, kind: ImportKind, csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv]), `${kind}.csv`);
    const response = await fetch(`${t.baseUrl}${base(kind)}`, {
      method: 'POST',
      headers: { ...client.headers, cookie: client.cookieHeader },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
  }
  async function validated(client: HttpClient, kind: ImportKind, csv: string) {
    const created = await upload(client, kind, csv);
    expect(created.status, created.text).toBe(201);
    expect(created.json.status).toBe('MAPPED');
    const checked = await client.post(`${base(kind)}/${created.json.id}/validate`);
    expect(checked.status, checked.text).toBe(200);
    return checked.json as { id: string; counts: { valid: number; warning: number; error: number } };
  }
  const commit = (client: HttpClient, kind: ImportKind, id: string, mode: string) =>
    client.post(`${base(kind)}/${id}/commit`, { mode });
  const pricesOf = (list: string) =>
    db()
      .selectFrom('item_price')
      .innerJoin('price_list', 'price_list.id', 'item_price.price_list_id')
      .select(['item_price.price', 'item_price.min_quantity'])
      .where('price_list.code_lower', '=', codeKey(list))
      .orderBy('item_price.min_quantity')
      .orderBy('item_price.id')
      .execute();

  it('a Dutch price file: Dutch headers and numbers, a bad item on row 5, all-or-nothing then valid rows only', async () => {
    const uploader = await login(['priceListUpload'], 'nl');
    const list = uniqueCode('PL-FILE-');
    const csv = [
      'Prijslijst;Artikelcode;Prijs;Valuta;Minimum aantal;Geldig vanaf',
      `${list};${bolt.code};1.234,50;EUR;;`,
      `${list};${bolt.code};1.100,25;;10;`,
      `${list};${nut.code};0,1;;;01-01-2030`,
      `${list};NO-SUCH-ITEM;3;;;`,
    ].join('\r\n');
    const session = await validated(uploader, 'item_prices', csv);
    expect(session.counts).toEqual({ valid: 3, warning: 0, error: 1 });
    const errors = await uploader.get(`${base('item_prices')}/${session.id}/rows?status=ERROR`);
    expect(errors.json.rows).toEqual([
      expect.objectContaining({
        rowNumber: 5,
        messages: [
          { severity: 'ERROR', column: 'itemCode', key: 'unknownItemForCode', args: { code: 'NO-SUCH-ITEM' } },
        ],
      }),
    ]);
    expect(errorOf(await commit(uploader, 'item_prices', session.id, 'ALL_OR_NOTHING'))).toMatchObject({
      status: 422,
      key: 'importHasErrors',
    });
    expect(await pricesOf(list)).toEqual([]);

    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const committed = await commit(uploader, 'item_prices', session.id, 'VALID_ROWS_ONLY');
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json.result).toMatchObject({ committedRows: 3, skippedRows: 1 });
    expect(committed.json.result.created).toEqual(expect.arrayContaining([{ type: 'PRICE_LIST', code: list }]));
    expect((await pricesOf(list)).map((row) => [row.price, Number(row.min_quantity)])).toEqual([
      ['1234.5', 0],
      ['0.1', 0],
      ['1100.25', 10_000],
    ]);
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [bolt.code, nut.code] });
    publish.mockRestore();
  });

  it('a wide translation file: headers such as name_de map by themselves', async () => {
    const translator = await login(['itemTranslationUpload'], 'de');
    const csv = [
      'Artikelnummer,name_de,Naam (Nederlands),secondName_de,Nazwa (polski)',
      `${bolt.code},Schraube,Bout,verzinkt,Śruba`,
      `${nut.code},Mutter,,,`,
    ].join('\n');
    const session = await validated(translator, 'item_translations', csv);
    expect(session.counts).toEqual({ valid: 2, warning: 0, error: 0 });
    const committed = await commit(translator, 'item_translations', session.id, 'ALL_OR_NOTHING');
    expect(committed.status, committed.text).toBe(200);
    const stored = await db()
      .selectFrom('item_translation')
      .select(['item_id', 'language', 'name', 'second_name'])
      .where('item_id', 'in', [bolt.id, nut.id])
      .orderBy('item_id')
      .orderBy('language')
      .execute();
    expect(stored.map((row) => [row.item_id, row.language, row.name, row.second_name])).toEqual([
      [bolt.id, 'de', 'Schraube', 'verzinkt'],
      [bolt.id, 'nl', 'Bout', null],
      [bolt.id, 'pl', 'Śruba', null],
      [nut.id, 'de', 'Mutter', null],
    ]);
  });

  it('refuses each importer to a user without its role (403)', async () => {
    const csv = `itemCode,language,name\r\n${bolt.code},nl,x`;
    expect((await upload(await login(['priceListUpload']), 'item_translations', csv)).status).toBe(403);
    expect((await upload(await login(['itemTranslationUpload']), 'item_prices', csv)).status).toBe(403);
  });
});
