import { codeKey, paddedCodeKey, toThousandths, type ManagedBy } from '@wms/contract';
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

/** Rows per chunk of a chunked check (importer.ts ChunkedCheck): whole groups. */
export const rowsPerChunk = 4 * rowsPerGroup;

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

/**
 * What the rules across rows need of the whole file, collected chunk by chunk
 * (scanOpeningStock), so a chunk's check judges its rows as the whole file's check would.
 */
export interface OpeningStockFacts {
  /** Item code and serial (their lookup keys) -> the first row that names that serial of that item. */
  firstSerialRow: Map<string, number>;
  /** A single-item location or liquid container -> the items the file puts there. */
  itemsAt: Map<number, Set<number>>;
}

type ItemRow = Awaited<ReturnType<typeof itemsByCodeLowers>>[number];
type LocationRow = Awaited<ReturnType<typeof locationsByCodeLowers>>[number];

const serialKeyOf = (row: OpeningStockCells) =>
  row.itemCode && row.serial ? `${codeKey(row.itemCode)}\n${paddedCodeKey(row.serial)}` : undefined;
const isSingleItem = (location: LocationRow) => Object.hasOwn(singleItemPhysicalTypes, location.physical_location_type);

/** The rows' items and locations by lookup key, read in batches. */
async function resolve(db: DbOrTx, rows: readonly OpeningStockCells[], itemsOnlyAtSingleItem = false) {
  const locations = new Map(
    (
      await locationsByCodeLowers(
        db,
        rows.flatMap((r) => (r.binCode ? [codeKey(r.binCode)] : [])),
      )
    ).map((l) => [l.code_lower, l]),
  );
  const locationOf = (row: OpeningStockCells) => (row.binCode ? locations.get(codeKey(row.binCode)) : undefined);
  const withItems = itemsOnlyAtSingleItem
    ? rows.filter((row) => {
        const location = locationOf(row);
        return location !== undefined && isSingleItem(location);
      })
    : rows;
  const items = new Map(
    (
      await itemsByCodeLowers(
        db,
        withItems.flatMap((r) => (r.itemCode ? [codeKey(r.itemCode)] : [])),
      )
    ).map((i) => [i.code_lower, i]),
  );
  const itemOf = (row: OpeningStockCells) => (row.itemCode ? items.get(codeKey(row.itemCode)) : undefined);
  return { locations, locationOf, itemOf };
}

/** Adds the rows' keys to the facts (rows in file order). */
function addFacts(
  facts: OpeningStockFacts,
  rows: readonly OpeningStockCells[],
  itemOf: (row: OpeningStockCells) => ItemRow | undefined,
  locationOf: (row: OpeningStockCells) => LocationRow | undefined,
): OpeningStockFacts {
  for (const row of rows) {
    const serialKey = serialKeyOf(row);
    if (serialKey !== undefined && !facts.firstSerialRow.has(serialKey)) {
      facts.firstSerialRow.set(serialKey, row.rowNumber);
    }
    const [item, location] = [itemOf(row), locationOf(row)];
    if (item && location && isSingleItem(location)) {
      facts.itemsAt.set(location.id, (facts.itemsAt.get(location.id) ?? new Set()).add(item.id));
    }
  }
  return facts;
}

/** The first pass of a chunked check: one chunk's keys added to the facts (a new one for the first chunk). */
export async function scanOpeningStock(
  db: DbOrTx,
  rows: readonly OpeningStockCells[],
  facts: OpeningStockFacts = { firstSerialRow: new Map(), itemsAt: new Map() },
): Promise<OpeningStockFacts> {
  const { itemOf, locationOf } = await resolve(db, rows, true);
  return addFacts(facts, rows, itemOf, locationOf);
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

/**
 * Judges the rows. `facts`: the whole file's (scanOpeningStock), when `rows` are one chunk of it;
 * without, `rows` are the whole file.
 */
export async function checkOpeningStock(
  db: DbOrTx,
  rows: readonly OpeningStockCells[],
  sessionId: string | undefined,
  facts?: OpeningStockFacts,
): Promise<CheckedOpeningStock[]> {
  const { locations, locationOf, itemOf } = await resolve(db, rows);
  const file = facts ?? addFacts({ firstSerialRow: new Map(), itemsAt: new Map() }, rows, itemOf, locationOf);
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

  // Single-item locations and liquid containers end the import with at most one item each: the
  // items there now and those the whole file puts there.
  const singleItem = [...locations.values()].filter(isSingleItem);
  const itemsAt = await itemsAtLocations(
    db,
    singleItem.map((l) => l.id),
  );
  for (const location of singleItem) {
    const itemIds = itemsAt.get(location.id) ?? new Set<number>();
    for (const itemId of file.itemsAt.get(location.id) ?? []) itemIds.add(itemId);
    itemsAt.set(location.id, itemIds);
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
      const earlier = file.firstSerialRow.get(serialKeyOf(row)!);
      if (earlier !== undefined && earlier < row.rowNumber) {
        messages.push(error('serial', 'duplicateInFile', { value: row.serial, rows: earlier }));
      }
      // A serial of a group posted already is in stock because of that very group.
      if (serials.get(admissionKey(item.id, row.serial))?.inStock && !alreadyPosted) {
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
