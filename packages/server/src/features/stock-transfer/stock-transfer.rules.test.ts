import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { batchIdOf, binIdOf, itemIdOf, stockOf } from '../stock/stock.test-helper.js';
import {
  addLocation,
  line,
  setLocationFlags,
  transferLines,
  transferLocation,
  validateTransfer,
  wholeState,
} from './stock-transfer.test-helper.js';

/** The invariants a transfer is held to (stock service, checked inside the transaction); a refusal changes nothing. */
describe('stock transfer rules', () => {
  let t: TestApp;
  let operator: HttpClient;
  let manager: HttpClient;
  /** A user with only stockTransfer and information (no stockTransferAuthMoveRestricted). */
  let mover: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, manager] = await Promise.all([signIn(t, 'operator'), signIn(t, 'manager')]);
    mover = await signedInUserWithRoles(await signIn(t, 'admin'), 'mover', ['stockTransfer', 'information']);
    const db = t.app.ctx.db;
    for (const code of ['T-QC-BULK-1', 'T-QC-BULK-2', 'T-QC-BULK-3', 'T-QC-BULK-4']) await addLocation(db, { code });
    await addLocation(db, { code: 'T-QC-KARDEX', locationType: 'BULK', physicalLocationType: 'KARDEX' });
    await addLocation(db, { code: 'T-TANK-2', physicalLocationType: 'LIQUID_CONTAINER' });
    await addLocation(db, { code: 'T-TANK-3', physicalLocationType: 'LIQUID_CONTAINER' });
  });
  afterAll(async () => t.close());

  const state = () => wholeState(t.app.ctx.db);
  /** Expects the request to be refused with the error and to change nothing. */
  async function expectRefused(
    request: () => Promise<{ status: number; json: any }>,
    expected: { status?: number; key: string; args?: Record<string, unknown> },
  ) {
    const before = await state();
    const answer = errorOf(await request());
    expect(answer).toMatchObject({ status: 422, ...expected });
    if (expected.args) expect(answer.args).toEqual(expected.args);
    expect(await state()).toEqual(before);
  }
  const rowsAt = async (item: string, bin: string) => (await stockOf(t.app.ctx.db, item)).filter((r) => r.bin === bin);

  describe('quantities', () => {
    it('refuses more than the free stock with notEnoughAvailableStock (released stock is not free)', async () => {
      // ITEM-001 at 01-P01-01: 48 on hand, 12 released.
      await expectRefused(() => transferLines(operator, [line('01-P01-01', 'ITEM-001', 36.001)], '02-P01-01'), {
        key: 'notEnoughAvailableStock',
        args: {
          itemCode: 'ITEM-001',
          binCode: '01-P01-01',
          batch: null,
          serial: null,
          available: 36,
          requested: 36.001,
        },
      });
      // Two lines from one row count together.
      await expectRefused(
        () =>
          transferLines(operator, [line('01-P01-01', 'ITEM-001', 20), line('01-P01-01', 'ITEM-001', 20)], '02-P01-01'),
        { key: 'notEnoughAvailableStock' },
      );
      await expectRefused(() => transferLines(operator, [line('02-P01-01', 'ITEM-002', 1)], '01-A01-01'), {
        key: 'notEnoughAvailableStock',
        args: { itemCode: 'ITEM-002', binCode: '02-P01-01', batch: null, serial: null, available: 0, requested: 1 },
      });
      await expectRefused(
        () => transferLines(operator, [line('01-P01-01', 'BATCH-001', 201, { batch: 'B2025-014' })], '02-P01-01'),
        {
          key: 'notEnoughAvailableStock',
          args: {
            itemCode: 'BATCH-001',
            binCode: '01-P01-01',
            batch: 'B2025-014',
            serial: null,
            available: 200,
            requested: 201,
          },
        },
      );
    });

    it('refuses a serial that is not free at the location with notEnoughSerialsAvailable', async () => {
      // SN-0001 is at 01-P01-01; SN-0003 is at CART-02 but picked.
      await expectRefused(
        () => transferLines(operator, [line('01-A01-01', 'SERIAL-001', 1, { serial: 'SN-0001' })], '02-P01-01'),
        {
          key: 'notEnoughSerialsAvailable',
          args: { itemCode: 'SERIAL-001', serial: 'SN-0001', binCode: '01-A01-01' },
        },
      );
      await expectRefused(
        () => transferLines(operator, [line('CART-02', 'SERIAL-001', 1, { serial: 'SN-0003' })], '02-P01-01'),
        {
          key: 'notEnoughSerialsAvailable',
          args: { itemCode: 'SERIAL-001', serial: 'SN-0003', binCode: 'CART-02' },
        },
      );
      // The same serial twice in one transfer.
      await expectRefused(
        () =>
          transferLines(
            operator,
            [
              line('01-A01-02', 'SERIAL-001', 1, { serial: 'SN-0002' }),
              line('01-A01-02', 'SERIAL-001', 1, { serial: 'SN-0002' }),
            ],
            '02-P01-01',
          ),
        { key: 'notEnoughSerialsAvailable' },
      );
    });

    it('moves a serial-managed item by its lot: free serials of the lot at the source, whole units only', async () => {
      await expectRefused(
        () => transferLines(operator, [line('01-P01-01', 'SERIAL-001', 1, { lot: 'LOT-B' })], '02-P01-01'),
        { key: 'notEnoughSerialsAvailable', args: { itemCode: 'SERIAL-001', serial: 'LOT-B', binCode: '01-P01-01' } },
      );
      await expectRefused(
        () => transferLines(operator, [line('01-P01-01', 'SERIAL-001', 0.5, { lot: 'LOT-A' })], '02-P01-01'),
        { key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'wholeUnitsOnly' } },
      );
      const answer = await transferLines(operator, [line('01-P01-01', 'SERIAL-001', 1, { lot: 'lot-a' })], '02-P01-01');
      expect(answer.status).toBe(200);
      expect(answer.json.lines).toMatchObject([
        { item: 'SERIAL-001', serial: 'SN-0001', toLocation: '02-P01-01', quantity: 1 },
      ]);
    });

    it('needs the batch of a batch-managed item and the serial of a serial-managed one; a serial moves 1', async () => {
      await expectRefused(() => transferLines(operator, [line('01-P01-01', 'BATCH-001', 1)], '02-P01-01'), {
        key: 'invalidInput',
        args: { field: 'lines.0.batch', reason: 'batchRequired', item: 'BATCH-001' },
      });
      await expectRefused(
        () =>
          transferLines(operator, [line('01-A01-01', 'ITEM-001', 1), line('01-P01-01', 'SERIAL-001', 1)], '02-P01-01'),
        { key: 'invalidInput', args: { field: 'lines.1.serial', reason: 'serialRequired', item: 'SERIAL-001' } },
      );
      await expectRefused(
        () => transferLines(operator, [line('01-P01-01', 'SERIAL-001', 2, { serial: 'SN-0001' })], '02-P01-01'),
        { key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'serialQuantityIsOne' } },
      );
      await expectRefused(() => transferLines(operator, [line('01-A01-01', 'ITEM-001', 0.0001)], '02-P01-01'), {
        key: 'invalidInput',
        args: { field: 'lines.0.quantity', reason: 'quantityTooSmall' },
      });
    });
  });

  it('refuses a line to its own location with sameSourceAndTarget', async () => {
    await expectRefused(() => transferLines(operator, [line('01-a01-01', 'ITEM-001', 1)], '01-A01-01'), {
      key: 'sameSourceAndTarget',
      args: { code: '01-A01-01' },
    });
  });

  it('refuses an inactive item or one that is not a stock item with itemIsNotAllowed', async () => {
    await expectRefused(() => transferLines(operator, [line('01-A01-01', 'old-001', 1)], '02-P01-01'), {
      key: 'itemIsNotAllowed',
      args: { item: 'OLD-001' },
    });
    await expectRefused(() => transferLines(operator, [line('01-A01-01', 'KIT-001', 1)], '02-P01-01'), {
      key: 'itemIsNotAllowed',
      args: { item: 'KIT-001' },
    });
  });

  describe('blocked and restricted locations', () => {
    const fromBlocked = () => [line('01-BLOCKED', 'BATCH-001', 1, { batch: 'B2024-001' })];

    it('refuses every movement from or to a blocked location, whatever the authorization', async () => {
      const blocked = { code: '01-BLOCKED', reason: 'Damaged rack, awaiting inspection' };
      await expectRefused(() => transferLines(manager, fromBlocked(), '02-P01-01'), {
        key: 'stockMovementsBlocked',
        args: blocked,
      });
      await expectRefused(() => transferLines(manager, [line('01-A01-01', 'ITEM-001', 1)], '01-blocked'), {
        key: 'stockMovementsBlocked',
        args: blocked,
      });
      await expectRefused(() => transferLocation(manager, '01-BLOCKED', '02-P01-01'), {
        key: 'stockMovementsBlocked',
        args: blocked,
      });
    });

    it('refuses a restricted location without stockTransferAuthMoveRestricted; with it the stock moves', async () => {
      const unblocked = await manager.post('/api/v1/bin_location/01-BLOCKED/setBlockStockMovements/false', {});
      expect(unblocked.json).toMatchObject({ stockMovementRestricted: true, blockStockMovements: false });
      for (const client of [operator, mover]) {
        await expectRefused(() => transferLines(client, fromBlocked(), '02-P01-01'), {
          key: 'stockMovementRestricted',
          args: { code: '01-BLOCKED' },
        });
        await expectRefused(() => transferLines(client, [line('01-A01-01', 'ITEM-001', 1)], '01-BLOCKED'), {
          key: 'stockMovementRestricted',
          args: { code: '01-BLOCKED' },
        });
        await expectRefused(() => validateTransfer(client, fromBlocked(), '02-P01-01'), {
          key: 'stockMovementRestricted',
        });
      }
      const moved = await transferLines(manager, fromBlocked(), '02-P01-01');
      expect(moved.status).toBe(200);
      expect(await rowsAt('BATCH-001', '01-BLOCKED')).toEqual([expect.objectContaining({ onHand: 19_000 })]);
      await setLocationFlags(t.app.ctx.db, '01-BLOCKED', { block_stock_movements: 1 });
    });
  });

  describe('QC-pending stock', () => {
    const qcLine = (quantity: number) => line('01-QC', 'QC-001', quantity, { batch: 'G-0042' });

    it('moves QC-pending stock with its QC flag to an empty NORMAL BULK, MOBILE or QC location', async () => {
      const answer = await transferLines(operator, [qcLine(15)], 'T-QC-BULK-1');
      expect(answer.status).toBe(200);
      expect(answer.json.lines[0]).toMatchObject({ item: 'QC-001', batch: 'G-0042', quantity: 15, qcPending: true });
      expect(await rowsAt('QC-001', 'T-QC-BULK-1')).toEqual([
        expect.objectContaining({ onHand: 15_000, qcPending: 1, qcPendingQty: 15_000 }),
      ]);
      expect(await rowsAt('QC-001', '01-QC')).toEqual([
        expect.objectContaining({ onHand: 25_000, qcPending: 1, qcPendingQty: 25_000 }),
      ]);
    });

    it('refuses QC-pending and other stock in one transfer', async () => {
      await expectRefused(() => transferLines(operator, [qcLine(1), line('01-A01-01', 'ITEM-001', 1)], 'T-QC-BULK-2'), {
        key: 'canNotMoveQcAndNonQcInSameTransfer',
        args: {},
      });
    });

    it('refuses QC-pending stock to a location that is not NORMAL BULK, MOBILE or QC', async () => {
      await expectRefused(() => transferLines(operator, [qcLine(1)], '02-P01-01'), {
        key: 'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
        args: { code: '02-P01-01' },
      });
      await expectRefused(() => transferLines(operator, [qcLine(1)], 'T-QC-KARDEX'), {
        key: 'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
        args: { code: 'T-QC-KARDEX' },
      });
    });

    it('refuses QC-pending stock to a location that holds anything', async () => {
      await expectRefused(() => transferLines(operator, [qcLine(1)], 'CART-01'), {
        key: 'canOnlyMoveQcItemsToEmptyLocations',
        args: { code: 'CART-01' },
      });
      await expectRefused(() => transferLines(operator, [qcLine(1)], 'T-QC-BULK-1'), {
        key: 'canOnlyMoveQcItemsToEmptyLocations',
        args: { code: 'T-QC-BULK-1' },
      });
    });

    it('moves only the free part of a row with a location transfer; QC-pending stock stays', async () => {
      // 01-QC holds only QC-pending stock.
      await expectRefused(() => transferLocation(operator, '01-QC', 'T-QC-BULK-2'), {
        key: 'nothingToMove',
        args: { code: '01-QC' },
      });
    });

    it('takes the free part of a row first; more than that would mix QC-pending and other stock', async () => {
      const db = t.app.ctx.db;
      // 01-A01-01 gets 10 free and 5 QC-pending units of G-0042 in one row.
      const receipt = {
        itemId: await itemIdOf(db, 'QC-001'),
        batchId: await batchIdOf(db, 'QC-001', 'G-0042'),
        serialId: null,
        binLocationId: await binIdOf(db, '01-A01-01'),
        onHandDelta: 15_000,
        qcPendingDelta: 5_000,
      };
      await db
        .transaction()
        .execute((tx) => applyStockMovement(tx, t.app.ctx, { type: 'RECEIPT', user: null, lines: [receipt] }));
      const mixed = [line('01-A01-01', 'QC-001', 12, { batch: 'G-0042' })];
      await expectRefused(() => transferLines(operator, mixed, 'T-QC-BULK-4'), {
        key: 'canNotMoveQcAndNonQcInSameTransfer',
      });
      const free = await transferLines(operator, [line('01-A01-01', 'QC-001', 10, { batch: 'G-0042' })], '02-P01-01');
      expect(free.json.lines[0]).toMatchObject({ quantity: 10, qcPending: false });
      const qc = await transferLines(operator, [line('01-A01-01', 'QC-001', 5, { batch: 'G-0042' })], 'T-QC-BULK-4');
      expect(qc.json.lines[0]).toMatchObject({ quantity: 5, qcPending: true });
      expect(await rowsAt('QC-001', '01-A01-01')).toEqual([]);
      expect(await rowsAt('QC-001', '02-P01-01')).toEqual([expect.objectContaining({ onHand: 10_000, qcPending: 0 })]);
    });

    it('lets one of two simultaneous QC transfers into one empty location through', async () => {
      const answers = await Promise.all([
        transferLines(operator, [qcLine(1)], 'T-QC-BULK-3'),
        transferLines(operator, [line('01-QC', 'BATCH-001', 1, { batch: 'B2025-015' })], 'T-QC-BULK-3'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json.key).toBe('canOnlyMoveQcItemsToEmptyLocations');
      const held = [...(await rowsAt('QC-001', 'T-QC-BULK-3')), ...(await rowsAt('BATCH-001', 'T-QC-BULK-3'))];
      expect(held).toHaveLength(1);
    });
  });

  describe('liquid containers and single-item locations', () => {
    it('refuses a second item in a liquid container with tooManyItemsInLiquidContainer', async () => {
      await expectRefused(() => transferLines(operator, [line('01-P01-02', 'ITEM-002', 1)], '01-TANK-01'), {
        key: 'tooManyItemsInLiquidContainer',
        args: { code: '01-TANK-01', numOfItems: 2 },
      });
      const sameItem = await transferLocation(operator, '01-TANK-01', 'T-TANK-2');
      expect(sameItem.status).toBe(200);
      expect(sameItem.json.lines).toEqual([expect.objectContaining({ item: 'LIQUID-001', quantity: 750_500.5 })]);
      // Now empty, the first tank takes another item.
      expect((await transferLines(operator, [line('01-P01-02', 'ITEM-002', 1)], '01-TANK-01')).status).toBe(200);
    });

    it('lets one of two simultaneous transfers of different items into an empty liquid container through', async () => {
      const answers = await Promise.all([
        transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], 'T-TANK-3'),
        transferLines(operator, [line('01-P01-02', 'ITEM-002', 1)], 'T-TANK-3'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json).toMatchObject({
        key: 'tooManyItemsInLiquidContainer',
        args: { code: 'T-TANK-3', numOfItems: 2 },
      });
    });

    it('refuses a second item in a single-item location with tooManyItemsInSingleItemLocation', async () => {
      await expectRefused(() => transferLines(operator, [line('01-P01-02', 'ITEM-002', 1)], '01-single-01'), {
        key: 'tooManyItemsInSingleItemLocation',
        args: { code: '01-SINGLE-01', numOfItems: 2 },
      });
      expect((await transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], '01-SINGLE-01')).status).toBe(200);
    });
  });
});
