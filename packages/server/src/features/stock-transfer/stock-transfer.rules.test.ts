import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBatch,
  makeBinLocation,
  makeItem,
  makeSerial,
  makeStock,
  makeUser,
  type BinLocation,
  type Item,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { stockOf } from '../stock/stock.test-helper.js';
import { line, transferLines, transferLocation, validateTransfer, wholeState } from './stock-transfer.test-helper.js';

/**
 * The invariants a transfer is held to (stock service, checked inside the transaction); a refusal
 * changes nothing. Every test makes its own items, locations and stock (test/factories.ts).
 */
describe('stock transfer rules', () => {
  let t: TestApp;
  let db: Db;
  let operator: HttpClient;
  let manager: HttpClient;
  /** A user with only stockTransfer and information (no stockTransferAuthMoveRestricted). */
  let mover: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    [operator, manager] = await Promise.all([signIn(t, 'operator'), signIn(t, 'manager')]);
    const made = await makeUser(db, { roles: ['stockTransfer', 'information'] });
    mover = await signIn(t, made.username, made.password);
  });
  afterAll(async () => t.close());

  const state = () => wholeState(db);
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
  const rowsAt = async (item: Item, bin: BinLocation) =>
    (await stockOf(db, item.code)).filter((r) => r.bin === bin.code);
  const emptyLocation = (input: Parameters<typeof makeBinLocation>[1] = {}) => makeBinLocation(db, input);

  describe('quantities', () => {
    it('refuses more than the free stock with notEnoughAvailableStock (released stock is not free)', async () => {
      const [item, absent] = [await makeItem(db), await makeItem(db)];
      const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const batch = await makeBatch(db, { item: batchItem });
      const [pick, target] = [await makeBinLocation(db, { locationType: 'PICK' }), await emptyLocation()];
      // 48 on hand, 12 released.
      await makeStock(db, { item, location: pick, onHand: 48, released: 12 });
      await makeStock(db, { item: batchItem, location: pick, batch, onHand: 200 });
      await expectRefused(() => transferLines(operator, [line(pick.code, item.code, 36.001)], target.code), {
        key: 'notEnoughAvailableStock',
        args: { itemCode: item.code, binCode: pick.code, batch: null, serial: null, available: 36, requested: 36.001 },
      });
      // Two lines from one row count together.
      await expectRefused(
        () => transferLines(operator, [line(pick.code, item.code, 20), line(pick.code, item.code, 20)], target.code),
        { key: 'notEnoughAvailableStock' },
      );
      await expectRefused(() => transferLines(operator, [line(target.code, absent.code, 1)], pick.code), {
        key: 'notEnoughAvailableStock',
        args: { itemCode: absent.code, binCode: target.code, batch: null, serial: null, available: 0, requested: 1 },
      });
      await expectRefused(
        () => transferLines(operator, [line(pick.code, batchItem.code, 201, { batch: batch.code })], target.code),
        {
          key: 'notEnoughAvailableStock',
          args: {
            itemCode: batchItem.code,
            binCode: pick.code,
            batch: batch.code,
            serial: null,
            available: 200,
            requested: 201,
          },
        },
      );
    });

    it('refuses a serial that is not free at the location with notEnoughSerialsAvailable', async () => {
      const item = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
      const [sn1, sn2, sn3] = [
        await makeSerial(db, { item }),
        await makeSerial(db, { item }),
        await makeSerial(db, { item }),
      ];
      const [pick, bulk, target] = [
        await makeBinLocation(db, { locationType: 'PICK' }),
        await makeBinLocation(db),
        await emptyLocation(),
      ];
      const cart = await makeBinLocation(db, { locationType: 'MOBILE' });
      // sn1 is at the pick location, sn2 in bulk, sn3 in the cart but picked.
      await makeStock(db, { item, location: pick, serial: sn1, onHand: 1 });
      await makeStock(db, { item, location: bulk, serial: sn2, onHand: 1 });
      await makeStock(db, { item, location: cart, serial: sn3, onHand: 1, pick: 1 });
      await expectRefused(
        () => transferLines(operator, [line(bulk.code, item.code, 1, { serial: sn1.code })], target.code),
        { key: 'notEnoughSerialsAvailable', args: { itemCode: item.code, serial: sn1.code, binCode: bulk.code } },
      );
      await expectRefused(
        () => transferLines(operator, [line(cart.code, item.code, 1, { serial: sn3.code })], target.code),
        { key: 'notEnoughSerialsAvailable', args: { itemCode: item.code, serial: sn3.code, binCode: cart.code } },
      );
      // The same serial twice in one transfer.
      await expectRefused(
        () =>
          transferLines(
            operator,
            [line(bulk.code, item.code, 1, { serial: sn2.code }), line(bulk.code, item.code, 1, { serial: sn2.code })],
            target.code,
          ),
        { key: 'notEnoughSerialsAvailable' },
      );
    });

    it('moves a serial-managed item by its lot: free serials of the lot at the source, whole units only', async () => {
      const item = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
      const [inLotA, inLotB] = [
        await makeSerial(db, { item, lotCode: 'LOT-A' }),
        await makeSerial(db, { item, lotCode: 'LOT-B' }),
      ];
      const [pick, cart, target] = [
        await makeBinLocation(db, { locationType: 'PICK' }),
        await makeBinLocation(db, { locationType: 'MOBILE' }),
        await emptyLocation({ locationType: 'PICK' }),
      ];
      await makeStock(db, { item, location: pick, serial: inLotA, onHand: 1 });
      await makeStock(db, { item, location: cart, serial: inLotB, onHand: 1, pick: 1 });
      await expectRefused(
        () => transferLines(operator, [line(pick.code, item.code, 1, { lot: 'LOT-B' })], target.code),
        {
          key: 'notEnoughSerialsAvailable',
          args: { itemCode: item.code, serial: 'LOT-B', binCode: pick.code },
        },
      );
      await expectRefused(
        () => transferLines(operator, [line(pick.code, item.code, 0.5, { lot: 'LOT-A' })], target.code),
        { key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'wholeUnitsOnly' } },
      );
      const answer = await transferLines(operator, [line(pick.code, item.code, 1, { lot: 'lot-a' })], target.code);
      expect(answer.status).toBe(200);
      expect(answer.json.lines).toMatchObject([
        { item: item.code, serial: inLotA.code, toLocation: target.code, quantity: 1 },
      ]);
    });

    it('needs the batch of a batch-managed item and the serial of a serial-managed one; a serial moves 1', async () => {
      const [plain, batchItem, serialItem] = [
        await makeItem(db),
        await makeItem(db, { managedBy: 'BATCH_NUMBER' }),
        await makeItem(db, { managedBy: 'SERIAL_NUMBER' }),
      ];
      const serial = await makeSerial(db, { item: serialItem });
      const [pick, bulk, target] = [
        await makeBinLocation(db, { locationType: 'PICK' }),
        await makeBinLocation(db),
        await emptyLocation(),
      ];
      await makeStock(db, { item: plain, location: bulk, onHand: 500 });
      await makeStock(db, {
        item: batchItem,
        location: pick,
        batch: await makeBatch(db, { item: batchItem }),
        onHand: 200,
      });
      await makeStock(db, { item: serialItem, location: pick, serial, onHand: 1 });
      await expectRefused(() => transferLines(operator, [line(pick.code, batchItem.code, 1)], target.code), {
        key: 'invalidInput',
        args: { field: 'lines.0.batch', reason: 'batchRequired', item: batchItem.code },
      });
      await expectRefused(
        () =>
          transferLines(operator, [line(bulk.code, plain.code, 1), line(pick.code, serialItem.code, 1)], target.code),
        { key: 'invalidInput', args: { field: 'lines.1.serial', reason: 'serialRequired', item: serialItem.code } },
      );
      await expectRefused(
        () => transferLines(operator, [line(pick.code, serialItem.code, 2, { serial: serial.code })], target.code),
        { key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'serialQuantityIsOne' } },
      );
      await expectRefused(() => transferLines(operator, [line(bulk.code, plain.code, 0.0001)], target.code), {
        key: 'invalidInput',
        args: { field: 'lines.0.quantity', reason: 'quantityTooSmall' },
      });
    });
  });

  it('refuses a line to its own location with sameSourceAndTarget', async () => {
    const [item, bulk] = [await makeItem(db), await makeBinLocation(db)];
    await makeStock(db, { item, location: bulk, onHand: 5 });
    await expectRefused(() => transferLines(operator, [line(bulk.code.toLowerCase(), item.code, 1)], bulk.code), {
      key: 'sameSourceAndTarget',
      args: { code: bulk.code },
    });
  });

  it('refuses an inactive item or one that is not a stock item with itemIsNotAllowed', async () => {
    const inactive = await makeItem(db, { active: false });
    const kit = await makeItem(db, { isSalesBomItem: true, isStockItem: false });
    const [bulk, target] = [await makeBinLocation(db), await emptyLocation()];
    await expectRefused(() => transferLines(operator, [line(bulk.code, inactive.code.toLowerCase(), 1)], target.code), {
      key: 'itemIsNotAllowed',
      args: { item: inactive.code },
    });
    await expectRefused(() => transferLines(operator, [line(bulk.code, kit.code, 1)], target.code), {
      key: 'itemIsNotAllowed',
      args: { item: kit.code },
    });
  });

  describe('blocked and restricted locations', () => {
    const reason = 'Damaged rack, awaiting inspection';
    /** A restricted and blocked location holding 20 of a batch, and an item with stock elsewhere. */
    const blockedWithStock = async () => {
      const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const batch = await makeBatch(db, { item: batchItem });
      const blocked = await makeBinLocation(db, { restricted: true, blocked: reason });
      const [item, bulk, target] = [await makeItem(db), await makeBinLocation(db), await emptyLocation()];
      await makeStock(db, { item: batchItem, location: blocked, batch, onHand: 20 });
      await makeStock(db, { item, location: bulk, onHand: 10 });
      const fromBlocked = () => [line(blocked.code, batchItem.code, 1, { batch: batch.code })];
      return { batchItem, blocked, item, bulk, target, fromBlocked };
    };

    it('refuses every movement from or to a blocked location, whatever the authorization', async () => {
      const { blocked, item, bulk, target, fromBlocked } = await blockedWithStock();
      const args = { code: blocked.code, reason };
      await expectRefused(() => transferLines(manager, fromBlocked(), target.code), {
        key: 'stockMovementsBlocked',
        args,
      });
      await expectRefused(() => transferLines(manager, [line(bulk.code, item.code, 1)], blocked.code.toLowerCase()), {
        key: 'stockMovementsBlocked',
        args,
      });
      await expectRefused(() => transferLocation(manager, blocked.code, target.code), {
        key: 'stockMovementsBlocked',
        args,
      });
    });

    it('refuses a restricted location without stockTransferAuthMoveRestricted; with it the stock moves', async () => {
      const { batchItem, blocked, item, bulk, target, fromBlocked } = await blockedWithStock();
      const unblocked = await manager.post(`/api/v1/bin_location/${blocked.code}/setBlockStockMovements/false`, {});
      expect(unblocked.json).toMatchObject({ stockMovementRestricted: true, blockStockMovements: false });
      for (const client of [operator, mover]) {
        await expectRefused(() => transferLines(client, fromBlocked(), target.code), {
          key: 'stockMovementRestricted',
          args: { code: blocked.code },
        });
        await expectRefused(() => transferLines(client, [line(bulk.code, item.code, 1)], blocked.code), {
          key: 'stockMovementRestricted',
          args: { code: blocked.code },
        });
        await expectRefused(() => validateTransfer(client, fromBlocked(), target.code), {
          key: 'stockMovementRestricted',
        });
      }
      const moved = await transferLines(manager, fromBlocked(), target.code);
      expect(moved.status).toBe(200);
      expect(await rowsAt(batchItem, blocked)).toEqual([expect.objectContaining({ onHand: 19_000 })]);
    });
  });

  describe('QC-pending stock', () => {
    /** 40 QC-pending units of a batch of a QC item in a QC location. */
    const qcStock = async () => {
      const item = await makeItem(db, { managedBy: 'BATCH_NUMBER', blockForQcType: 'ALWAYS' });
      const batch = await makeBatch(db, { item, qcApproved: false });
      const qcLocation = await makeBinLocation(db, { locationType: 'QC' });
      await makeStock(db, { item, location: qcLocation, batch, onHand: 40, qcPending: 40 });
      const qcLine = (quantity: number) => line(qcLocation.code, item.code, quantity, { batch: batch.code });
      return { item, batch, qcLocation, qcLine };
    };

    it('moves QC-pending stock with its QC flag to an empty NORMAL BULK, MOBILE or QC location', async () => {
      const { item, batch, qcLocation, qcLine } = await qcStock();
      const target = await emptyLocation();
      const answer = await transferLines(operator, [qcLine(15)], target.code);
      expect(answer.status).toBe(200);
      expect(answer.json.lines[0]).toMatchObject({ item: item.code, batch: batch.code, quantity: 15, qcPending: true });
      expect(await rowsAt(item, target)).toEqual([
        expect.objectContaining({ onHand: 15_000, qcPending: 1, qcPendingQty: 15_000 }),
      ]);
      expect(await rowsAt(item, qcLocation)).toEqual([
        expect.objectContaining({ onHand: 25_000, qcPending: 1, qcPendingQty: 25_000 }),
      ]);
    });

    it('refuses QC-pending and other stock in one transfer', async () => {
      const { qcLine } = await qcStock();
      const [item, bulk, target] = [await makeItem(db), await makeBinLocation(db), await emptyLocation()];
      await makeStock(db, { item, location: bulk, onHand: 10 });
      await expectRefused(() => transferLines(operator, [qcLine(1), line(bulk.code, item.code, 1)], target.code), {
        key: 'canNotMoveQcAndNonQcInSameTransfer',
        args: {},
      });
    });

    it('refuses QC-pending stock to a location that is not NORMAL BULK, MOBILE or QC', async () => {
      const { qcLine } = await qcStock();
      const pick = await emptyLocation({ locationType: 'PICK' });
      const kardex = await emptyLocation({ locationType: 'BULK', physicalLocationType: 'KARDEX' });
      await expectRefused(() => transferLines(operator, [qcLine(1)], pick.code), {
        key: 'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
        args: { code: pick.code },
      });
      await expectRefused(() => transferLines(operator, [qcLine(1)], kardex.code), {
        key: 'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
        args: { code: kardex.code },
      });
    });

    it('refuses QC-pending stock to a location that holds anything', async () => {
      const { item, batch, qcLine } = await qcStock();
      const [cart, qcHeld] = [await makeBinLocation(db, { locationType: 'MOBILE' }), await makeBinLocation(db)];
      await makeStock(db, { item: await makeItem(db), location: cart, onHand: 6, pick: 6 });
      await makeStock(db, { item, location: qcHeld, batch, onHand: 15, qcPending: 15 });
      await expectRefused(() => transferLines(operator, [qcLine(1)], cart.code), {
        key: 'canOnlyMoveQcItemsToEmptyLocations',
        args: { code: cart.code },
      });
      await expectRefused(() => transferLines(operator, [qcLine(1)], qcHeld.code), {
        key: 'canOnlyMoveQcItemsToEmptyLocations',
        args: { code: qcHeld.code },
      });
    });

    it('moves only the free part of a row with a location transfer; QC-pending stock stays', async () => {
      // The QC location holds only QC-pending stock.
      const { qcLocation } = await qcStock();
      const target = await emptyLocation();
      await expectRefused(() => transferLocation(operator, qcLocation.code, target.code), {
        key: 'nothingToMove',
        args: { code: qcLocation.code },
      });
    });

    it('takes the free part of a row first; more than that would mix QC-pending and other stock', async () => {
      const { item, batch } = await qcStock();
      const [bulk, pick, qcTarget] = [
        await makeBinLocation(db),
        await emptyLocation({ locationType: 'PICK' }),
        await emptyLocation(),
      ];
      // The bulk location holds 10 free and 5 QC-pending units of the batch in one row.
      await makeStock(db, { item, location: bulk, batch, onHand: 15, qcPending: 5 });
      const mixed = [line(bulk.code, item.code, 12, { batch: batch.code })];
      await expectRefused(() => transferLines(operator, mixed, qcTarget.code), {
        key: 'canNotMoveQcAndNonQcInSameTransfer',
      });
      const free = await transferLines(operator, [line(bulk.code, item.code, 10, { batch: batch.code })], pick.code);
      expect(free.json.lines[0]).toMatchObject({ quantity: 10, qcPending: false });
      const qc = await transferLines(operator, [line(bulk.code, item.code, 5, { batch: batch.code })], qcTarget.code);
      expect(qc.json.lines[0]).toMatchObject({ quantity: 5, qcPending: true });
      expect(await rowsAt(item, bulk)).toEqual([]);
      expect(await rowsAt(item, pick)).toEqual([expect.objectContaining({ onHand: 10_000, qcPending: 0 })]);
    });

    it('lets one of two simultaneous QC transfers into one empty location through', async () => {
      const first = await qcStock();
      const second = await qcStock();
      const target = await emptyLocation();
      const answers = await Promise.all([
        transferLines(operator, [first.qcLine(1)], target.code),
        transferLines(operator, [second.qcLine(1)], target.code),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json.key).toBe('canOnlyMoveQcItemsToEmptyLocations');
      const held = [...(await rowsAt(first.item, target)), ...(await rowsAt(second.item, target))];
      expect(held).toHaveLength(1);
    });
  });

  describe('liquid containers and single-item locations', () => {
    it('refuses a second item in a liquid container with tooManyItemsInLiquidContainer', async () => {
      const [liquid, other] = [await makeItem(db, { units: 'ml', mlToMg: 870 }), await makeItem(db)];
      const [tank, emptyTank] = [
        await makeBinLocation(db, { physicalLocationType: 'LIQUID_CONTAINER' }),
        await emptyLocation({ physicalLocationType: 'LIQUID_CONTAINER' }),
      ];
      const pick = await makeBinLocation(db, { locationType: 'PICK' });
      await makeStock(db, { item: liquid, location: tank, onHand: 750_500.5 });
      await makeStock(db, { item: other, location: pick, onHand: 1000 });
      await expectRefused(() => transferLines(operator, [line(pick.code, other.code, 1)], tank.code), {
        key: 'tooManyItemsInLiquidContainer',
        args: { code: tank.code, numOfItems: 2 },
      });
      const sameItem = await transferLocation(operator, tank.code, emptyTank.code);
      expect(sameItem.status).toBe(200);
      expect(sameItem.json.lines).toEqual([expect.objectContaining({ item: liquid.code, quantity: 750_500.5 })]);
      // Now empty, the first tank takes another item.
      expect((await transferLines(operator, [line(pick.code, other.code, 1)], tank.code)).status).toBe(200);
    });

    it('lets one of two simultaneous transfers of different items into an empty liquid container through', async () => {
      const [item1, item2] = [await makeItem(db), await makeItem(db)];
      const [bulk, pick] = [await makeBinLocation(db), await makeBinLocation(db, { locationType: 'PICK' })];
      const tank = await emptyLocation({ physicalLocationType: 'LIQUID_CONTAINER' });
      await makeStock(db, { item: item1, location: bulk, onHand: 500 });
      await makeStock(db, { item: item2, location: pick, onHand: 1000 });
      const answers = await Promise.all([
        transferLines(operator, [line(bulk.code, item1.code, 1)], tank.code),
        transferLines(operator, [line(pick.code, item2.code, 1)], tank.code),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json).toMatchObject({
        key: 'tooManyItemsInLiquidContainer',
        args: { code: tank.code, numOfItems: 2 },
      });
    });

    it('refuses a second item in a single-item location with tooManyItemsInSingleItemLocation', async () => {
      const [item1, item2] = [await makeItem(db), await makeItem(db)];
      const [bulk, pick] = [await makeBinLocation(db), await makeBinLocation(db, { locationType: 'PICK' })];
      const single = await makeBinLocation(db, { locationType: 'PICK', physicalLocationType: 'SINGLE_ITEM_LOCATION' });
      await makeStock(db, { item: item1, location: single, onHand: 30 });
      await makeStock(db, { item: item1, location: bulk, onHand: 500 });
      await makeStock(db, { item: item2, location: pick, onHand: 1000 });
      await expectRefused(() => transferLines(operator, [line(pick.code, item2.code, 1)], single.code.toLowerCase()), {
        key: 'tooManyItemsInSingleItemLocation',
        args: { code: single.code, numOfItems: 2 },
      });
      expect((await transferLines(operator, [line(bulk.code, item1.code, 1)], single.code)).status).toBe(200);
    });
  });
});
