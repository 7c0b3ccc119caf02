import { toThousandths, type MovedLine } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { applyStockMovement, type StockMovementLine } from '../stock/stock.service.js';
import { addBatch, addItem, addLocation, addSerial } from './stock-transfer.test-helper.js';

/**
 * The small data set of the transfer property test (codes start with P-), made through the stock
 * service (RECEIPT movements), so every stock row starts with ledger rows that sum to it.
 */

export const propertyLocations = [
  'P-BULK-1',
  'P-BULK-2',
  'P-PICK-1',
  'P-CART-1',
  'P-TANK',
  'P-SINGLE',
  'P-RESTRICTED',
  'P-BLOCKED',
  'P-QC',
  'P-EMPTY-1',
  'P-EMPTY-2',
  'P-EMPTY-M',
] as const;

export const serialCodes = ['P-S1', 'P-S2', 'P-S3', 'P-S4', 'P-S5', 'P-S6'] as const;

/** Items with their batches or serials and where their stock starts. */
export const propertyItems = {
  'P-ITEM-A': { batches: [], serials: [], from: ['P-BULK-1', 'P-PICK-1', 'P-SINGLE'] },
  'P-ITEM-B': { batches: [], serials: [], from: ['P-BULK-2', 'P-RESTRICTED', 'P-BLOCKED'] },
  'P-BATCH': { batches: ['P-B1', 'P-B2'], serials: [], from: ['P-BULK-1', 'P-PICK-1', 'P-CART-1'] },
  'P-SERIAL': { batches: [], serials: serialCodes, from: ['P-BULK-2', 'P-PICK-1', 'P-RESTRICTED'] },
  'P-QCITEM': { batches: ['P-Q1', 'P-Q2'], serials: [], from: ['P-QC'] },
  'P-LIQUID': { batches: [], serials: [], from: ['P-TANK'] },
  'P-OLD': { batches: [], serials: [], from: ['P-BULK-1'] },
} as const;
export type PropertyItem = keyof typeof propertyItems;

interface Seed {
  item: PropertyItem;
  bin: (typeof propertyLocations)[number];
  onHand: number;
  batch?: string;
  serial?: string;
  qcPending?: number;
  released?: number;
}

const seeds: Seed[] = [
  { item: 'P-ITEM-A', bin: 'P-BULK-1', onHand: 500 },
  { item: 'P-ITEM-A', bin: 'P-PICK-1', onHand: 100, released: 20 },
  { item: 'P-ITEM-A', bin: 'P-SINGLE', onHand: 50 },
  { item: 'P-ITEM-B', bin: 'P-BULK-2', onHand: 300 },
  { item: 'P-ITEM-B', bin: 'P-RESTRICTED', onHand: 100 },
  { item: 'P-ITEM-B', bin: 'P-BLOCKED', onHand: 40 },
  { item: 'P-BATCH', bin: 'P-BULK-1', onHand: 200, batch: 'P-B1' },
  { item: 'P-BATCH', bin: 'P-PICK-1', onHand: 80, batch: 'P-B2' },
  { item: 'P-BATCH', bin: 'P-CART-1', onHand: 10, batch: 'P-B1' },
  ...(['P-S1', 'P-S2', 'P-S3', 'P-S4'] as const).map((serial): Seed => ({
    item: 'P-SERIAL',
    bin: 'P-BULK-2',
    onHand: 1,
    serial,
  })),
  { item: 'P-SERIAL', bin: 'P-PICK-1', onHand: 1, serial: 'P-S5' },
  { item: 'P-SERIAL', bin: 'P-RESTRICTED', onHand: 1, serial: 'P-S6' },
  { item: 'P-QCITEM', bin: 'P-QC', onHand: 60, batch: 'P-Q1', qcPending: 60 },
  // A row with free and QC-pending stock: a transfer takes the free part first.
  { item: 'P-QCITEM', bin: 'P-QC', onHand: 30, batch: 'P-Q2', qcPending: 10 },
  { item: 'P-LIQUID', bin: 'P-TANK', onHand: 1000.5 },
];

/** Creates the data set; answers the item ids. */
export async function createPropertyData(db: Db, ctx: AppContext): Promise<number[]> {
  const bins = new Map<string, number>();
  for (const code of propertyLocations) {
    const options = {
      'P-PICK-1': { locationType: 'PICK' },
      'P-CART-1': { locationType: 'MOBILE' },
      'P-EMPTY-M': { locationType: 'MOBILE' },
      'P-TANK': { physicalLocationType: 'LIQUID_CONTAINER' },
      'P-SINGLE': { locationType: 'PICK', physicalLocationType: 'SINGLE_ITEM_LOCATION' },
      'P-RESTRICTED': { stockMovementRestricted: true },
      'P-QC': { locationType: 'QC' },
    }[code as string];
    bins.set(code, await addLocation(db, { code, ...options }));
  }
  const items = new Map<string, number>();
  const batches = new Map<string, number>();
  const serials = new Map<string, number>();
  for (const [code, spec] of Object.entries(propertyItems)) {
    const managedBy = spec.batches.length > 0 ? 'BATCH_NUMBER' : spec.serials.length > 0 ? 'SERIAL_NUMBER' : 'NORMAL';
    const id = await addItem(db, { code, name: `Property ${code}`, managedBy, active: code !== 'P-OLD' });
    items.set(code, id);
    for (const batch of spec.batches) batches.set(batch, await addBatch(db, id, batch));
    for (const serial of spec.serials) serials.set(serial, await addSerial(db, id, serial, 'P-LOT'));
  }
  const lines: StockMovementLine[] = seeds.map((s) => ({
    itemId: items.get(s.item) ?? 0,
    binLocationId: bins.get(s.bin) ?? 0,
    batchId: s.batch ? (batches.get(s.batch) ?? null) : null,
    serialId: s.serial ? (serials.get(s.serial) ?? null) : null,
    onHandDelta: toThousandths(s.onHand),
    qcPendingDelta: toThousandths(s.qcPending ?? 0),
  }));
  await db.transaction().execute(async (tx) => {
    await applyStockMovement(tx, ctx, { type: 'RECEIPT', allowRestricted: true, user: null, lines });
    // Allocations write no ledger row (DOMAIN.md): released stock is set as an allocation would.
    for (const s of seeds.filter((seed) => seed.released)) {
      await tx
        .updateTable('stock')
        .set({ released_qty: toThousandths(s.released ?? 0) })
        .where('item_id', '=', items.get(s.item) ?? 0)
        .where('bin_location_id', '=', bins.get(s.bin) ?? 0)
        .execute();
    }
  });
  await db
    .updateTable('bin_location')
    .set({ block_stock_movements: 1, block_stock_movements_reason: 'property test' })
    .where('id', '=', bins.get('P-BLOCKED') ?? 0)
    .execute();
  return [...items.values()];
}

/** A stock key by codes: item|batch|serial|bin. */
export const keyOf = (item: string, batch: string | null, serial: string | null, bin: string) =>
  `${item}|${batch ?? ''}|${serial ?? ''}|${bin}`;

export interface Balance {
  onHand: number;
  qcPending: number;
}

/** Stock of the data set's items by key (thousandths). */
export async function balances(db: Db, itemIds: readonly number[]): Promise<Map<string, Balance>> {
  const rows = await db
    .selectFrom('stock as s')
    .innerJoin('item as i', 'i.id', 's.item_id')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 's.batch_id')
    .leftJoin('serial as se', 'se.id', 's.serial_id')
    .select([
      'i.code as item',
      'ba.code as batch',
      'se.code as serial',
      'b.code as bin',
      's.on_hand_qty',
      's.qc_pending_qty',
    ])
    .where('s.item_id', 'in', itemIds)
    .execute();
  return new Map(
    rows.map((r) => [
      keyOf(r.item, r.batch, r.serial, r.bin),
      { onHand: Number(r.on_hand_qty), qcPending: Number(r.qc_pending_qty) },
    ]),
  );
}

/** Applies acknowledged transfers to a balance snapshot: what the database must hold afterwards. */
export function expectedBalances(start: ReadonlyMap<string, Balance>, transfers: Iterable<readonly MovedLine[]>) {
  const model = new Map([...start].map(([k, v]) => [k, { ...v }]));
  const add = (key: string, onHand: number, qcPending: number) => {
    const b = model.get(key) ?? { onHand: 0, qcPending: 0 };
    b.onHand += onHand;
    b.qcPending += qcPending;
    if (b.onHand === 0 && b.qcPending === 0) model.delete(key);
    else model.set(key, b);
  };
  for (const lines of transfers) {
    for (const l of lines) {
      const quantity = toThousandths(l.quantity);
      const qc = l.qcPending ? quantity : 0;
      add(keyOf(l.item, l.batch, l.serial, l.fromLocation), -quantity, -qc);
      add(keyOf(l.item, l.batch, l.serial, l.toLocation), quantity, qc);
    }
  }
  return model;
}
