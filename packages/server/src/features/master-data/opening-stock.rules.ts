import { codeKey, toThousandths, type ManagedBy } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { admissionKey, knownBatches, knownSerials } from '../items/batch-serial-admission.service.js';
import { singleItemPhysicalTypes } from '../stock/stock-policy.js';
import { postedIdempotencyKeys, type StockMovement } from '../stock/stock.service.js';
import { itemsByCodeLowers } from './item-master.repository.js';
import { locationsByCodeLowers } from './location-master.repository.js';
import { error, hasError, warning, type Message } from './master-data-rules.js';
import { itemsAtLocations } from './opening-stock.repository.js';

/**
 * The check of opening stock rows (docs/decisions/0179-standalone-master-data.md): each row puts
 * a quantity of an item on a bin location, with its batch or serial. The rules are the stock
 * service's for a RECEIPT (an active stock item; a location not blocked, not restricted, and a
 * single-item location or liquid container ending with one item) and the goods receipt's for
 * batches and serials (a batch item needs a batch, a serial item a serial of quantity 1 that is
 * not in stock, other items neither), plus an active location in an active warehouse. Opening
 * stock is not a purchase receipt: it is not QC-pending.
 *
 * Rows are written in groups of `rowsPerGroup` consecutive rows (by row number), one stock
 * movement each, whose idempotency key is the session and the group: a group posted already
 * (a commit retried after a crash) is recognised here and posted again by no one.
 */
export const rowsPerGroup = 500;

export const openingStockGroupOf = (rowNumber: number) => `rows-${Math.floor(rowNumber / rowsPerGroup)}`;
export const openingStockKey = (sessionId: string, group: string) => `OPENING_STOCK:${sessionId}:${group}`;

type ReadInTransaction = NonNullable<StockMovement['readInTransaction']>;
type LocationForRules = NonNullable<ReadInTransaction['locations']>[number];
type ItemForRules = NonNullable<ReadInTransaction['items']>[number];

/** A row's cells, read. */
export interface OpeningStockCells {
  rowNumber: number;
  itemCode?: string | undefined;
  binCode?: string | undefined;
  /** A decimal above zero. */
  quantity?: number | undefined;
  batch?: string | undefined;
  expirationDate?: string | undefined;
  manufacturingDate?: string | undefined;
  serial?: string | undefined;
}

/** What the commit posts for a row. */
export interface OpeningStockLine {
  itemId: number;
  itemCode: string;
  binLocationId: number;
  /** Thousandths. */
  quantity: number;
  batch: { code: string; expirationDate: string | null; manufacturingDate: string | null } | null;
  serial: string | null;
  /** The rows the movement rules read, read in the check's transaction. */
  rules: { item: ItemForRules; location: LocationForRules };
  /** The row's group was posted already (a retried commit): nothing is posted again. */
  alreadyPosted: boolean;
}

export interface CheckedOpeningStock {
  messages: Message[];
  group: string;
  prepared?: OpeningStockLine;
}

function managementRules(row: OpeningStockCells, item: { code: string; managed_by: string }, messages: Message[]) {
  const managedBy = item.managed_by as ManagedBy;
  if (managedBy === 'BATCH_NUMBER' && !row.batch) messages.push(error('batch', 'batchRequired', { item: item.code }));
  if (managedBy !== 'BATCH_NUMBER' && row.batch)
    messages.push(error('batch', 'batchNotAllowedForItem', { item: item.code }));
  if (managedBy === 'SERIAL_NUMBER' && !row.serial)
    messages.push(error('serial', 'serialRequired', { item: item.code }));
  if (managedBy !== 'SERIAL_NUMBER' && row.serial)
    messages.push(error('serial', 'serialNotAllowedForItem', { item: item.code }));
  if (managedBy === 'SERIAL_NUMBER' && row.quantity !== undefined && toThousandths(row.quantity) !== 1000) {
    messages.push(error('quantity', 'serialQuantityMustBeOne', {}));
  }
}

export async function checkOpeningStock(
  db: DbOrTx,
  rows: readonly OpeningStockCells[],
  sessionId: string | undefined,
): Promise<CheckedOpeningStock[]> {
  const items = new Map(
    (
      await itemsByCodeLowers(
        db,
        rows.flatMap((r) => (r.itemCode ? [codeKey(r.itemCode)] : [])),
      )
    ).map((i) => [i.code_lower, i]),
  );
  const locations = new Map(
    (
      await locationsByCodeLowers(
        db,
        rows.flatMap((r) => (r.binCode ? [codeKey(r.binCode)] : [])),
      )
    ).map((l) => [l.code_lower, l]),
  );
  const itemOf = (row: OpeningStockCells) => (row.itemCode ? items.get(codeKey(row.itemCode)) : undefined);
  const locationOf = (row: OpeningStockCells) => (row.binCode ? locations.get(codeKey(row.binCode)) : undefined);
  const groups = [...new Set(rows.map((r) => openingStockGroupOf(r.rowNumber)))];
  const posted =
    sessionId === undefined
      ? new Set<string>()
      : await postedIdempotencyKeys(
          db,
          groups.map((g) => openingStockKey(sessionId, g)),
        );
  const isPosted = (row: OpeningStockCells) =>
    sessionId !== undefined && posted.has(openingStockKey(sessionId, openingStockGroupOf(row.rowNumber)));

  const withBatch = rows.flatMap((r) => {
    const item = itemOf(r);
    return item && r.batch ? [{ itemId: item.id, code: r.batch }] : [];
  });
  const withSerial = rows.flatMap((r) => {
    const item = itemOf(r);
    return item && r.serial ? [{ itemId: item.id, code: r.serial }] : [];
  });
  const batches = await knownBatches(db, withBatch);
  const serials = await knownSerials(db, withSerial);
  const firstSerialRow = new Map<string, number>();

  // Single-item locations and liquid containers end the import with at most one item each.
  const singleItem = [...locations.values()].filter((l) =>
    Object.hasOwn(singleItemPhysicalTypes, l.physical_location_type),
  );
  const itemsAt = await itemsAtLocations(
    db,
    singleItem.map((l) => l.id),
  );
  const singleItemIds = new Set(singleItem.map((l) => l.id));
  for (const row of rows) {
    const [item, location] = [itemOf(row), locationOf(row)];
    if (item && location && singleItemIds.has(location.id)) {
      itemsAt.set(location.id, (itemsAt.get(location.id) ?? new Set()).add(item.id));
    }
  }

  return rows.map((row) => {
    const messages: Message[] = [];
    const group = openingStockGroupOf(row.rowNumber);
    const [item, location] = [itemOf(row), locationOf(row)];
    if (row.itemCode && !item) messages.push(error('itemCode', 'unknownItemForCode', { code: row.itemCode }));
    if (row.binCode && !location) messages.push(error('binLocationCode', 'unknownLocation', { code: row.binCode }));
    if (item && (item.active !== 1 || item.is_stock_item !== 1)) {
      messages.push(error('itemCode', 'itemIsNotAllowed', { item: item.code }));
    }
    if (location) {
      if (location.active !== 1) messages.push(error('binLocationCode', 'locationInactive', { code: location.code }));
      else if (location.warehouse_active !== 1) {
        messages.push(error('binLocationCode', 'warehouseInactive', { code: location.warehouse_code }));
      } else if (location.block_stock_movements === 1) {
        messages.push(
          error('binLocationCode', 'stockMovementsBlocked', {
            code: location.code,
            reason: location.block_stock_movements_reason,
          }),
        );
      } else if (location.stock_movement_restricted === 1) {
        messages.push(error('binLocationCode', 'stockMovementRestricted', { code: location.code }));
      }
      const key = singleItemPhysicalTypes[location.physical_location_type];
      const numOfItems = itemsAt.get(location.id)?.size ?? 0;
      if (key && numOfItems > 1) messages.push(error('binLocationCode', key, { code: location.code, numOfItems }));
    }
    if (item) managementRules(row, item, messages);
    const alreadyPosted = isPosted(row);
    if (item && row.batch && item.managed_by === 'BATCH_NUMBER') {
      const known = batches.get(admissionKey(item.id, row.batch));
      if (
        known &&
        row.expirationDate &&
        known.expirationDate &&
        known.expirationDate.slice(0, 10) !== row.expirationDate
      ) {
        messages.push(
          warning('expirationDate', 'batchKeepsKnownExpiry', {
            batch: known.code,
            knownExpirationDate: known.expirationDate.slice(0, 10),
            expirationDate: row.expirationDate,
          }),
        );
      }
    }
    if (item && row.serial && item.managed_by === 'SERIAL_NUMBER') {
      const key = admissionKey(item.id, row.serial);
      const earlier = firstSerialRow.get(key);
      if (earlier !== undefined)
        messages.push(error('serial', 'duplicateInFile', { value: row.serial, rows: earlier }));
      else firstSerialRow.set(key, row.rowNumber);
      // A serial of a group posted already is in stock because of that very group.
      if (serials.get(key)?.inStock && !alreadyPosted) {
        messages.push(error('serial', 'serialAlreadyExists', { item: item.code, serial: row.serial }));
      }
    }
    if (hasError(messages) || !item || !location || row.quantity === undefined) return { messages, group };
    return {
      messages,
      group,
      prepared: {
        itemId: item.id,
        itemCode: item.code,
        binLocationId: location.id,
        quantity: toThousandths(row.quantity),
        batch: row.batch
          ? {
              code: row.batch,
              expirationDate: row.expirationDate ?? null,
              manufacturingDate: row.manufacturingDate ?? null,
            }
          : null,
        serial: row.serial ?? null,
        rules: { item, location },
        alreadyPosted,
      },
    };
  });
}
