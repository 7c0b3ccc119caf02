import type { DbOrTx } from '../../db/database.js';
import { newCustomGridRow, type CustomGridConfig } from './custom-grid-config.js';
import { insertGrids } from './custom-grids.repository.js';

/** The on-hand and free-to-move columns that the stock grids share. */
const stockColumns = [
  { label: 'On hand', name: 'onHandQty' },
  { label: 'Free to move', name: 'freeToMoveQty' },
];

/** Custom grids of the detail views, one or two per object type (features/custom-grids). */
const demoCustomGrids: CustomGridConfig[] = [
  {
    objectType: 'items',
    index: 0,
    title: 'Stock per warehouse',
    source: 'stockByWarehouse',
    columns: [{ label: 'Warehouse', name: 'warehouseCode' }, { label: 'Name', name: 'warehouseName' }, ...stockColumns],
  },
  {
    objectType: 'items',
    index: 1,
    title: 'Open orders',
    source: 'openDocuments',
    columns: [
      { label: 'Order', name: 'code' },
      { label: 'Direction', name: 'direction' },
      { label: 'Partner', name: 'businessPartnerName' },
      { label: 'Open', name: 'openQuantity' },
      { label: 'Ship date', name: 'shipDate' },
    ],
  },
  {
    objectType: 'binLocations',
    index: 0,
    title: 'Items on this location',
    source: 'contentsByItem',
    columns: [{ label: 'Item', name: 'itemCode' }, { label: 'Name', name: 'itemName' }, ...stockColumns],
  },
  {
    objectType: 'batches',
    index: 0,
    title: 'Stock of this batch',
    source: 'stockByLocation',
    columns: [{ label: 'Item', name: 'itemCode' }, { label: 'Location', name: 'binLocationCode' }, ...stockColumns],
  },
  {
    objectType: 'serials',
    index: 0,
    title: 'Movements',
    source: 'ledger',
    columns: [
      { label: 'At', name: 'at' },
      { label: 'Transaction', name: 'transactionType' },
      { label: 'Document', name: 'documentCode' },
      { label: 'Location', name: 'binLocationCode' },
      { label: 'Quantity', name: 'quantity' },
    ],
  },
];

/** Adds the demo grids (called by the demo seed). */
export async function seedDemoCustomGrids(db: DbOrTx, at: string): Promise<void> {
  await insertGrids(
    db,
    demoCustomGrids.map((grid) => newCustomGridRow(grid, at)),
  );
}
