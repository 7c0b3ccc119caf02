import { codeKey, type BinLocationPhysicalType, type BinLocationType, type StockTransferLine } from '@wms/contract';
import type { Db } from '../../db/database.js';
import { makeBatch, makeBinLocation, makeItem, makeSerial } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { BinLocationInput, ItemInput } from '../items/item-rows.js';

/** Test data and calls for stock transfers. */

let keyCounter = 0;
/** A fresh Idempotency-Key (8-128 visible characters). */
export const newKey = (prefix = 'transfer'): string => `${prefix}-${Date.now().toString(36)}-${++keyCounter}`;

export const transferPath = '/api/v1/operations/stock_transfer';

/** POST lines with a fresh (or the given) Idempotency-Key. */
export function transferLines(
  client: HttpClient,
  lines: StockTransferLine[],
  toLocation: string,
  key: string | null = newKey(),
) {
  return client.post(`${transferPath}/lines`, { lines, toLocation }, key === null ? {} : { 'Idempotency-Key': key });
}

export function transferLocation(
  client: HttpClient,
  fromLocation: string,
  toLocation: string,
  key: string | null = newKey(),
) {
  return client.post(
    `${transferPath}/location`,
    { fromLocation, toLocation },
    key === null ? {} : { 'Idempotency-Key': key },
  );
}

export function validateTransfer(client: HttpClient, lines: StockTransferLine[], toLocation: string) {
  return client.post(`${transferPath}/validateRequest`, { lines, toLocation });
}

/** Adds a bin location in warehouse 01 (defaults: BULK, NORMAL, empty); see test/factories.ts. */
export async function addLocation(db: Db, input: Omit<BinLocationInput, 'warehouseId'>): Promise<number> {
  const warehouse = await db
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', '01')
    .executeTakeFirstOrThrow();
  const { locationType, physicalLocationType, ...rest } = input;
  return (
    await makeBinLocation(db, {
      ...rest,
      warehouse,
      locationType: locationType as BinLocationType | undefined,
      physicalLocationType: physicalLocationType as BinLocationPhysicalType | undefined,
    })
  ).id;
}

export async function addItem(db: Db, input: ItemInput): Promise<number> {
  return (await makeItem(db, input)).id;
}

export async function addBatch(db: Db, itemId: number, code: string): Promise<number> {
  return (await makeBatch(db, { item: itemId, code })).id;
}

export async function addSerial(db: Db, itemId: number, code: string, lot: string | null = null): Promise<number> {
  return (await makeSerial(db, { item: itemId, code, lotCode: lot })).id;
}

/** Sets a location's flags directly (the test's own setup, not an API call). */
export async function setLocationFlags(
  db: Db,
  code: string,
  flags: { stock_movement_restricted?: number; block_stock_movements?: number; block_stock_movements_reason?: null },
): Promise<void> {
  await db.updateTable('bin_location').set(flags).where('code_lower', '=', codeKey(code)).execute();
}

/** Every stock row and the number of ledger and idempotency rows: what a refused request must leave alone. */
export async function wholeState(db: Db) {
  const stock = await db
    .selectFrom('stock')
    .select([
      'item_id',
      'batch_id',
      'serial_id',
      'bin_location_id',
      'on_hand_qty',
      'released_qty',
      'pick_qty',
      'qc_pending',
      'qc_pending_qty',
    ])
    .orderBy('item_id')
    .orderBy('bin_location_id')
    .orderBy('batch_id')
    .orderBy('serial_id')
    .execute();
  const count = async (table: 'stock_ledger' | 'idempotency_record') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    stock: stock.map((r) => ({
      ...r,
      on_hand_qty: Number(r.on_hand_qty),
      released_qty: Number(r.released_qty),
      pick_qty: Number(r.pick_qty),
      qc_pending_qty: Number(r.qc_pending_qty),
    })),
    ledger: await count('stock_ledger'),
    idempotency: await count('idempotency_record'),
  };
}

/** A stock line with defaults (no batch, lot or serial). */
export const line = (
  fromLocation: string,
  item: string,
  quantity: number,
  extra: Partial<StockTransferLine> = {},
): StockTransferLine => ({ fromLocation, item, quantity, batch: null, lot: null, serial: null, ...extra });
