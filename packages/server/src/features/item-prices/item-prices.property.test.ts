import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkValidationAnswerSchema, itemPriceUpdateAnswerSchema, type ItemPriceRow } from '@wms/contract';
import { makeItem, makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * pricelists/validate and pricelists/update judge rows by the same check: for random rows, the
 * update accepts exactly when validate finds no ERROR row, refuses naming exactly the rows validate
 * failed, and writes nothing when it refuses.
 */
describe('item prices: validate and update agree row by row', () => {
  let t: TestApp;
  let uploader: HttpClient;
  let items: string[];
  let existingList: string;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(db(), { roles: ['priceListUpload'] });
    uploader = await signIn(t, user.username, user.password);
    items = [(await makeItem(db())).code, (await makeItem(db(), { active: false })).code, 'NO-SUCH-ITEM'];
    existingList = uniqueCode('PL-PROP-');
    const created = await uploader.post('/api/v1/item/pricelists/update', {
      rows: [{ priceList: existingList, itemCode: items[0], price: '1', currency: 'EUR' }],
    });
    expect(created.status, created.text).toBe(200);
  });
  afterAll(async () => t.close());

  const storedCount = async () =>
    Number(
      (
        await db()
          .selectFrom('item_price')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Mostly valid values, sometimes a bad one: both outcomes come up. */
  const mostly = <T>(valid: readonly T[], invalid: readonly T[]) =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...valid), weight: 5 },
      { arbitrary: fc.constantFrom(...invalid), weight: 1 },
    );
  const rowArb = (newList: string) =>
    fc.record(
      {
        priceList: fc.constantFrom(existingList, existingList.toLowerCase(), newList),
        itemCode: mostly([0, 1], [2]),
        price: mostly<string | number>(['1', '2.50', '0.1', 7.25], ['1,5', 'abc', '-3', '0.1234567', 0.1 + 0.2]),
        currency: mostly([undefined, null, 'EUR', 'eur'], ['USD', 'ZZZ']),
        minQuantity: fc.constantFrom(undefined, 0, 1, 2.5, 10),
        validFrom: mostly([undefined, '2030-01-01'], ['2030-13-01']),
        validTo: mostly([undefined, '2030-06-30'], ['2029-12-31']),
      },
      { requiredKeys: ['priceList', 'itemCode', 'price'] },
    );

  it('accepts exactly the rows validate passes', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => fc.array(rowArb(uniqueCode('PL-P-')), { minLength: 1, maxLength: 5 })),
        async (generated) => {
          const rows = generated.map((row) => ({ ...row, itemCode: items[row.itemCode]! })) as ItemPriceRow[];
          const checked = bulkValidationAnswerSchema.parse(
            (await uploader.post('/api/v1/item/pricelists/validate', { rows })).json,
          );
          const failing = checked.rows.filter((row) => row.status === 'ERROR').map((row) => row.index);
          const before = await storedCount();
          const answer = await uploader.post('/api/v1/item/pricelists/update', { rows, mode: 'UPSERT' });
          if (failing.length === 0) {
            accepted += 1;
            expect(answer.status, answer.text).toBe(200);
            const written = itemPriceUpdateAnswerSchema.parse(answer.json);
            expect(written.inserted + written.updated).toBe(rows.length);
            expect(await storedCount()).toBe(before + written.inserted);
            expect(written.warnings.map((row) => row.index)).toEqual(
              checked.rows.filter((row) => row.status === 'WARNING').map((row) => row.index),
            );
          } else {
            refused += 1;
            expect(answer.status, answer.text).toBe(422);
            expect(answer.json.key).toBe('rowsHaveErrors');
            expect(answer.json.args.errors).toBe(failing.length);
            expect((answer.json.args.rows as { index: number }[]).map((row) => row.index)).toEqual(failing);
            expect(await storedCount()).toBe(before);
          }
        },
      ),
      { numRuns: 40, seed: 17 },
    );
    // The generator reaches both outcomes.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
