import { fromThousandths, paddedCodeKey, toThousandths, type CustomGridObjectType } from '@wms/contract';
import type { AppContext } from '../../context.js';
import * as binLocations from '../bin-locations/bin-locations.service.js';
import { addBuckets, bucketQuantities, emptyBuckets, type StockBuckets } from '../stock/stock-buckets.js';
import * as items from '../items/items.service.js';
import * as lookups from '../lookups/lookups.service.js';
import * as repository from './custom-grids.repository.js';

/**
 * The built-in queries a custom grid shows (no user SQL: portable and safe). Each source
 * belongs to one object type, names its result columns (with the object type a column's
 * values are codes of), and answers rows for one object's code; an unknown code is that
 * object's 404 (unknownItemForCode, unknownLocation, unknownBatch, unknownSerial).
 */
export type Cell = string | number | boolean | null;
export type GridRow = Record<string, Cell>;

export interface SourceColumn {
  name: string;
  reference: CustomGridObjectType | null;
}
export interface GridSource {
  columns: readonly SourceColumn[];
  rows(ctx: AppContext, code: string): Promise<GridRow[]>;
}

const column = (name: string, reference: CustomGridObjectType | null = null): SourceColumn => ({ name, reference });
/** The stock quantity columns: null for a blind caller (batching mode, not admin; decision 0189). */
export const stockQuantityColumns: ReadonlySet<string> = new Set([
  'onHandQty',
  'freeToMoveQty',
  'releasedQty',
  'pickQty',
  'qcPendingQty',
]);
const bucketColumns = [...stockQuantityColumns].map((n) => column(n));
/** Most ledger rows a grid shows. */
const ledgerLimit = 100;

/** The buckets of a stock row; freeToMoveQty = onHand − released − pick − QC-pending, in thousandths. */
function buckets(row: Parameters<typeof addBuckets>[1]) {
  const sum = emptyBuckets();
  addBuckets(sum, row);
  return bucketQuantities(sum);
}

/** Item stock summed per warehouse (exact: the sums are of thousandths). */
const itemStockByWarehouse: GridSource = {
  columns: [column('warehouseCode'), column('warehouseName'), ...bucketColumns],
  async rows(ctx, code) {
    const stock = await items.getItemLocations(ctx, code, null);
    const names = new Map((await binLocations.getWarehouses(ctx)).map((w) => [w.code, w.name]));
    const sums = new Map<string, StockBuckets>();
    for (const row of stock) {
      const sum = sums.get(row.binLocation.warehouseCode) ?? emptyBuckets();
      sum.onHand += toThousandths(row.onHandQty ?? 0);
      sum.released += toThousandths(row.releasedQty ?? 0);
      sum.pick += toThousandths(row.pickQty ?? 0);
      sum.qcPending += toThousandths(row.qcPendingQty ?? 0);
      sums.set(row.binLocation.warehouseCode, sum);
    }
    return [...sums].map(([warehouseCode, sum]) => ({
      warehouseCode,
      warehouseName: names.get(warehouseCode) ?? null,
      ...bucketQuantities(sum),
    }));
  },
};

const itemOpenDocuments: GridSource = {
  columns: [
    'type',
    'code',
    'status',
    'lineNumber',
    'direction',
    'businessPartnerCode',
    'businessPartnerName',
    'warehouseCode',
    'quantity',
    'openQuantity',
    'shipDate',
  ].map((n) => column(n)),
  async rows(ctx, code) {
    return (await items.getOpenDocuments(ctx, code)).map((d) => ({ ...d }));
  },
};

const locationContentsByItem: GridSource = {
  columns: [column('itemCode', 'items'), column('itemName'), column('units'), ...bucketColumns],
  async rows(ctx, code) {
    return (await binLocations.getContents(ctx, code, null)).map(({ item, batches: _batches, ...quantities }) => ({
      itemCode: item.code,
      itemName: item.name,
      units: item.units,
      ...quantities,
    }));
  },
};

const locationLedger: GridSource = {
  columns: [
    column('at'),
    column('transactionType'),
    column('documentType'),
    column('documentCode'),
    column('itemCode', 'items'),
    column('batchCode', 'batches'),
    column('serialCode', 'serials'),
    column('quantity'),
    column('username'),
  ],
  async rows(ctx, code) {
    const page = await binLocations.getHistory(ctx, code, 0, ledgerLimit);
    return page.rows.map(({ item, batch, serialNumber, ...row }) => ({
      ...row,
      itemCode: item,
      batchCode: batch,
      serialCode: serialNumber,
    }));
  },
};

const batchStockByLocation: GridSource = {
  columns: [
    column('itemCode', 'items'),
    column('batchCode', 'batches'),
    column('expirationDate'),
    column('binLocationCode', 'binLocations'),
    column('warehouseCode'),
    ...bucketColumns,
  ],
  async rows(ctx, code) {
    await lookups.findBatches(ctx, code);
    return (await repository.stockOfBatches(ctx.db, paddedCodeKey(code))).map((r) => ({
      itemCode: r.item_code,
      batchCode: r.batch_code,
      expirationDate: r.expiration_date,
      binLocationCode: r.bin_code,
      warehouseCode: r.warehouse_code,
      ...buckets(r),
    }));
  },
};

const serialStockByLocation: GridSource = {
  columns: [
    column('itemCode', 'items'),
    column('serialCode', 'serials'),
    column('batchCode', 'batches'),
    column('binLocationCode', 'binLocations'),
    column('warehouseCode'),
    ...bucketColumns,
  ],
  async rows(ctx, code) {
    await lookups.findSerials(ctx, code);
    return (await repository.stockOfSerials(ctx.db, paddedCodeKey(code))).map((r) => ({
      itemCode: r.item_code,
      serialCode: r.serial_code,
      batchCode: r.batch_code,
      binLocationCode: r.bin_code,
      warehouseCode: r.warehouse_code,
      ...buckets(r),
    }));
  },
};

const serialLedger: GridSource = {
  columns: [
    column('at'),
    column('transactionType'),
    column('documentType'),
    column('documentCode'),
    column('itemCode', 'items'),
    column('serialCode', 'serials'),
    column('binLocationCode', 'binLocations'),
    column('quantity'),
    column('username'),
  ],
  async rows(ctx, code) {
    await lookups.findSerials(ctx, code);
    return (await repository.ledgerOfSerials(ctx.db, paddedCodeKey(code), ledgerLimit)).map((r) => ({
      at: r.at,
      transactionType: r.transaction_type,
      documentType: r.document_type,
      documentCode: r.document_code,
      itemCode: r.item_code,
      serialCode: r.serial_code,
      binLocationCode: r.bin_code,
      quantity: fromThousandths(r.quantity),
      username: r.username,
    }));
  },
};

/** Every source by object type and name. */
export const customGridSources: Readonly<Record<CustomGridObjectType, Readonly<Record<string, GridSource>>>> = {
  items: { stockByWarehouse: itemStockByWarehouse, openDocuments: itemOpenDocuments },
  binLocations: { contentsByItem: locationContentsByItem, ledger: locationLedger },
  batches: { stockByLocation: batchStockByLocation },
  serials: { stockByLocation: serialStockByLocation, ledger: serialLedger },
};

export function sourceOf(objectType: CustomGridObjectType, name: string): GridSource | undefined {
  return Object.hasOwn(customGridSources[objectType], name) ? customGridSources[objectType][name] : undefined;
}
