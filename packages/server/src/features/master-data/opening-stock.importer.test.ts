import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBatch,
  makeBinLocation,
  makeItem,
  makeSerial,
  makeStock,
  makeUser,
  uniqueCode,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { SourceRow } from '../importers/importer.js';
import { countRows, ledgerOf, stockOf } from '../stock/stock.test-helper.js';
import { commitImport, masterDataRun, messagesByRow, validatedImport } from './master-data.test-helper.js';
import { openingStockImporter } from './opening-stock.importer.js';
import { rowsPerGroup } from './opening-stock.rules.js';

const header = ['Item code', 'Location', 'Quantity', 'Batch', 'Expiry date', 'Serial number'];

describe('opening stock importer', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => t.close());

  it('posts each row as a RECEIPT of document OPENING_STOCK {session}, with batches and serials, invariants true', async () => {
    const db = t.app.ctx.db;
    const [plain, batched, serialized] = [
      await makeItem(db),
      await makeItem(db, { managedBy: 'BATCH_NUMBER' }),
      await makeItem(db, { managedBy: 'SERIAL_NUMBER' }),
    ];
    const [bin, bin2] = [await makeBinLocation(db), await makeBinLocation(db)];
    const known = await makeBatch(db, { item: batched, code: uniqueCode('KNOWN-'), expirationDate: '2031-01-01' });
    const { session, rows } = await validatedImport(t, admin, 'opening_stock', [
      header,
      [plain.code, bin.code, 12.5, '', '', ''],
      [plain.code.toLowerCase(), bin2.code.toLowerCase(), 3, '', '', ''],
      [batched.code, bin.code, 40, 'L-NEW', '2030-06-30', ''],
      [batched.code, bin.code, 5, known.code, '2032-01-01', ''],
      [serialized.code, bin2.code, 1, '', '', 'SN-1'],
      [serialized.code, bin2.code, 1, '', '', 'SN-2'],
    ]);
    expect(messagesByRow(rows)).toEqual({
      5: [
        {
          severity: 'WARNING',
          column: 'expirationDate',
          key: 'batchKeepsKnownExpiry',
          args: { batch: known.code, knownExpirationDate: '2031-01-01', expirationDate: '2032-01-01' },
        },
      ],
    });
    const ledgerBefore = await countRows(db, 'stock_ledger');
    const committed = await commitImport(admin, 'opening_stock', session.id, 'ALL_OR_NOTHING');
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json.result.committedRows).toBe(6);

    expect((await stockOf(db, plain.code)).map((r) => [r.bin, r.onHand])).toEqual(
      [
        [bin.code, 12_500],
        [bin2.code, 3000],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const batchStock = await stockOf(db, batched.code);
    expect(batchStock.map((r) => [r.batch, r.onHand, r.qcPending])).toEqual([
      [known.code, 5000, 0],
      ['L-NEW', 40_000, 0],
    ]);
    const newBatch = await db
      .selectFrom('batch')
      .selectAll()
      .where('item_id', '=', batched.id)
      .where('code', '=', 'L-NEW')
      .executeTakeFirstOrThrow();
    expect(newBatch).toMatchObject({ expiration_date: '2030-06-30', quality_control_approved_or_not_required: 1 });
    expect((await stockOf(db, serialized.code)).map((r) => [r.serial, r.onHand])).toEqual([
      ['SN-1', 1000],
      ['SN-2', 1000],
    ]);

    // One ledger row per line, each telling where the stock came from.
    expect((await countRows(db, 'stock_ledger')) - ledgerBefore).toBe(6);
    for (const item of [plain, batched, serialized]) {
      for (const line of await ledgerOf(db, item.code)) {
        expect(line).toMatchObject({
          type: 'RECEIPT',
          documentType: 'OPENING_STOCK',
          documentCode: session.id,
          username: 'admin',
        });
      }
    }
    await expectStockInvariants(db, [plain.id, batched.id, serialized.id], 15_500 + 45_000 + 2000);
  });

  it('reports each refused row with its row number, column, key and args, and posts nothing of them', async () => {
    const db = t.app.ctx.db;
    const [plain, batched, serialized] = [
      await makeItem(db),
      await makeItem(db, { managedBy: 'BATCH_NUMBER' }),
      await makeItem(db, { managedBy: 'SERIAL_NUMBER' }),
    ];
    const inactiveItem = await makeItem(db, { active: false });
    const [bin, restricted, blocked] = [
      await makeBinLocation(db),
      await makeBinLocation(db, { restricted: true }),
      await makeBinLocation(db, { blocked: 'fire drill' }),
    ];
    const inStock = await makeSerial(db, { item: serialized, code: uniqueCode('SN-') });
    await makeStock(db, { item: serialized, location: bin, serial: inStock, onHand: 1 });
    const { session, rows } = await validatedImport(t, admin, 'opening_stock', [
      header,
      [plain.code, bin.code, 5, '', '', ''],
      ['NOPE', bin.code, 1, '', '', ''],
      [plain.code, 'NOWHERE', 1, '', '', ''],
      [plain.code, bin.code, 0, '', '', ''],
      [plain.code, bin.code, 'lots', '', '', ''],
      [batched.code, bin.code, 1, '', '', ''],
      [plain.code, bin.code, 1, 'B1', '', ''],
      [serialized.code, bin.code, 2, '', '', 'SN-X'],
      [serialized.code, bin.code, 1, '', '', inStock.code],
      [serialized.code, bin.code, 1, '', '', 'SN-DUP'],
      [serialized.code, bin.code, 1, '', '', 'sn-dup'],
      [plain.code, restricted.code, 1, '', '', ''],
      [plain.code, blocked.code, 1, '', '', ''],
      [inactiveItem.code, bin.code, 1, '', '', ''],
      [batched.code, bin.code, 1, 'B2', 'someday', ''],
    ]);
    expect(messagesByRow(rows)).toMatchObject({
      3: [{ severity: 'ERROR', column: 'itemCode', key: 'unknownItemForCode', args: { code: 'NOPE' } }],
      4: [{ severity: 'ERROR', column: 'binLocationCode', key: 'unknownLocation', args: { code: 'NOWHERE' } }],
      5: [{ severity: 'ERROR', column: 'quantity', key: 'quantityMustBePositive', args: { value: '0' } }],
      6: [{ severity: 'ERROR', column: 'quantity', key: 'notANumber', args: { value: 'lots' } }],
      7: [{ severity: 'ERROR', column: 'batch', key: 'batchRequired', args: { item: batched.code } }],
      8: [{ severity: 'ERROR', column: 'batch', key: 'batchNotAllowedForItem', args: { item: plain.code } }],
      9: [{ severity: 'ERROR', column: 'quantity', key: 'serialQuantityMustBeOne', args: {} }],
      10: [
        {
          severity: 'ERROR',
          column: 'serial',
          key: 'serialAlreadyExists',
          args: { item: serialized.code, serial: inStock.code },
        },
      ],
      12: [{ severity: 'ERROR', column: 'serial', key: 'duplicateInFile', args: { value: 'sn-dup', rows: 11 } }],
      13: [
        {
          severity: 'ERROR',
          column: 'binLocationCode',
          key: 'stockMovementRestricted',
          args: { code: restricted.code },
        },
      ],
      14: [
        {
          severity: 'ERROR',
          column: 'binLocationCode',
          key: 'stockMovementsBlocked',
          args: { code: blocked.code, reason: 'fire drill' },
        },
      ],
      15: [{ severity: 'ERROR', column: 'itemCode', key: 'itemIsNotAllowed', args: { item: inactiveItem.code } }],
      16: [{ severity: 'ERROR', column: 'expirationDate', key: 'invalidDate', args: { value: 'someday' } }],
    });
    expect(session.counts).toMatchObject({ valid: 0, warning: 2, error: 13 });
    const refused = await commitImport(admin, 'opening_stock', session.id, 'ALL_OR_NOTHING');
    expect(refused.json).toMatchObject({ key: 'importHasErrors', args: { errors: 13 } });
    expect(await stockOf(db, plain.code)).toEqual([]);
    expect(await ledgerOf(db, plain.code)).toEqual([]);
  });

  it('commits groups of consecutive rows: valid-rows-only skips the group of a bad row and posts the others', async () => {
    const db = t.app.ctx.db;
    const item = await makeItem(db);
    const bins = [await makeBinLocation(db), await makeBinLocation(db), await makeBinLocation(db)];
    // Rows 2 .. rowsPerGroup + 101: the first group ends at row rowsPerGroup - 1; a bad row in the second.
    const rows: unknown[][] = [header];
    for (let n = 0; n < rowsPerGroup + 100; n++) rows.push([item.code, bins[n % 3]!.code, 1, '', '', '']);
    rows[rowsPerGroup + 10] = ['NOPE', bins[0]!.code, 1, '', '', ''];
    const { session } = await validatedImport(t, admin, 'opening_stock', rows);
    const committed = await commitImport(admin, 'opening_stock', session.id, 'VALID_ROWS_ONLY');
    expect(committed.status, committed.text).toBe(200);
    // Rows 2 .. 499 form the first group (row numbers 0 .. 499 over 500): 498 rows posted.
    expect(committed.json.result.committedRows).toBe(rowsPerGroup - 2);
    const ledger = await ledgerOf(db, item.code);
    expect(ledger).toHaveLength(rowsPerGroup - 2);
    await expectStockInvariants(db, [item.id], (rowsPerGroup - 2) * 1000);
  });

  it('posts a group once when its commit runs again with the same session (a retried commit)', async () => {
    const db = t.app.ctx.db;
    const item = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const plain = await makeItem(db);
    const bin = await makeBinLocation(db);
    const user = await makeUser(db, { roles: ['masterDataManager'] });
    const run = masterDataRun(t.app.ctx, user, randomUUID());
    const source: SourceRow[] = [
      { rowNumber: 2, values: { itemCode: item.code, binLocationCode: bin.code, quantity: '1', serial: 'RS-1' } },
      { rowNumber: 3, values: { itemCode: plain.code, binLocationCode: bin.code, quantity: '7' } },
    ];
    const commitOnce = () =>
      db.transaction().execute(async (tx) => {
        const checked = await openingStockImporter.check(tx, source, run);
        expect(checked.flatMap((c) => c.messages.filter((m) => m.severity === 'ERROR'))).toEqual([]);
        return openingStockImporter.commit(tx, checked, run);
      });
    expect(await commitOnce()).toEqual([{ type: 'OPENING_STOCK', code: `${run.sessionId}/rows-0` }]);
    const ledgerAfterFirst = await countRows(db, 'stock_ledger');
    // Again: the serial in stock is this group's own, so the check passes, and nothing is posted twice.
    expect(await commitOnce()).toEqual([]);
    expect(await countRows(db, 'stock_ledger')).toBe(ledgerAfterFirst);
    expect((await stockOf(db, plain.code)).map((r) => r.onHand)).toEqual([7000]);
    expect((await ledgerOf(db, item.code)).map((l) => l.idempotencyKey)).toEqual([
      `OPENING_STOCK:${run.sessionId}:rows-0`,
    ]);
    await expectStockInvariants(db, [item.id, plain.id], 8000);
  });
});
