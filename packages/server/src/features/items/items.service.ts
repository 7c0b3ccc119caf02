import {
  codeKey,
  fromThousandths,
  itemAutocompleteLimit,
  type DocumentType,
  type Item,
  type ItemFindAnswer,
  type ItemMatchKind,
  type ItemStockRow,
  type ManagedBy,
} from '@wms/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { ItemRow } from '../../db/schema.js';
import { notFound } from '../../http/app-error.js';
import * as repository from './items.repository.js';
import { bucketsOf, freeToMove } from '../stock/stock-buckets.js';
import type { Principal } from '../../http/access.js';
import { isBlindFor, shownBuckets } from '../counting/blind-counting.js';

/** The API view of an item row. */
export function toItem(row: ItemRow): Item {
  return {
    code: row.code,
    visualCode: row.visual_code,
    name: row.name,
    secondName: row.second_name,
    barcode: row.barcode,
    barcode2: row.barcode2,
    barcode3: row.barcode3,
    barcodeInvQty: fromThousandths(row.barcode_inv_qty),
    barcode2InvQty: fromThousandths(row.barcode2_inv_qty),
    barcode3InvQty: fromThousandths(row.barcode3_inv_qty),
    units: row.units,
    groupName: row.group_name,
    managedBy: row.managed_by as ManagedBy,
    serialManagedByDispatch: row.serial_managed_by_dispatch === 1,
    avgPrice: row.avg_price === null ? null : Number(row.avg_price),
    active: row.active === 1,
    isStockItem: row.is_stock_item === 1,
    isSalesBomItem: row.is_sales_bom_item === 1,
    isProductionItem: row.is_production_item === 1,
    weightInMg: row.weight_in_mg === null ? null : Number(row.weight_in_mg),
    productionIssueMethod: row.production_issue_method,
    productionMaterialToleranceValue:
      row.production_material_tolerance_value === null
        ? null
        : fromThousandths(row.production_material_tolerance_value),
    productionMaterialToleranceType: row.production_material_tolerance_type,
    blockForQcType: row.block_for_qc_type,
    hasBatch: row.has_batch === 1,
    serial: row.serial === 1,
    receiptScanPreferences: {
      scanExpirationDate: row.scan_expiration_date === 1,
      scanManufacturingDate: row.scan_manufacturing_date === 1,
      scanManufacturingBatch: row.scan_manufacturing_batch === 1,
      scanManufacturingSerial: row.scan_manufacturing_serial === 1,
    },
    imagePath: row.image_path,
    pdfPath: row.pdf_path,
    mlToMg: row.ml_to_mg === null ? null : fromThousandths(row.ml_to_mg),
    version: row.version,
  };
}

/** Which field of the row the key matched, best first: the code, then barcode 1, 2, 3. */
function matchOf(row: ItemRow, key: string): { matchedBy: ItemMatchKind; quantity: number } | null {
  if (row.code_lower === key) return { matchedBy: 'CODE', quantity: 1 };
  if (row.barcode_lower === key) return { matchedBy: 'BARCODE', quantity: fromThousandths(row.barcode_inv_qty) };
  if (row.barcode2_lower === key) return { matchedBy: 'BARCODE2', quantity: fromThousandths(row.barcode2_inv_qty) };
  if (row.barcode3_lower === key) return { matchedBy: 'BARCODE3', quantity: fromThousandths(row.barcode3_inv_qty) };
  return null;
}

const matchRank: Record<ItemMatchKind, number> = { CODE: 0, BARCODE: 1, BARCODE2: 2, BARCODE3: 3 };

function bestMatch(rows: readonly ItemRow[], key: string): (ItemFindAnswer & { row: ItemRow }) | null {
  let best: (ItemFindAnswer & { row: ItemRow }) | null = null;
  for (const row of rows) {
    const match = matchOf(row, key);
    if (!match) continue;
    const better =
      !best ||
      matchRank[match.matchedBy] < matchRank[best.matchedBy] ||
      (matchRank[match.matchedBy] === matchRank[best.matchedBy] && row.code_lower < best.row.code_lower);
    if (better) best = { item: toItem(row), ...match, row };
  }
  return best;
}

/** An item by its code only (case-insensitive), or 404 unknownItemForCode. */
export async function findItemRowOrThrow(ctx: AppContext, code: string): Promise<ItemRow> {
  const row = await repository.findItemByCodeLower(ctx.db, codeKey(code));
  if (!row) throw notFound('unknownItemForCode', { code });
  return row;
}

/**
 * The item row a scan names, by code or any barcode (case-insensitive; a code match wins, then
 * barcode 1, 2, 3), read with the caller's connection or transaction; undefined when none.
 */
export async function findItemRowByScan(db: DbOrTx, scan: string): Promise<ItemRow | undefined> {
  const key = codeKey(scan);
  return bestMatch(await repository.findItemsByCodeOrBarcode(db, key), key)?.row;
}

/** find/{code}: by code or any barcode, case-insensitive; a code match wins over a barcode match. */
export async function findItem(ctx: AppContext, code: string): Promise<ItemFindAnswer> {
  const key = codeKey(code);
  // One query for the code and the three barcodes; bestMatch prefers the code.
  const match = bestMatch(await repository.findItemsByCodeOrBarcode(ctx.db, key), key);
  if (!match) throw notFound('unknownItemForCode', { code });
  return { item: match.item, matchedBy: match.matchedBy, quantity: match.quantity };
}

export async function getItem(ctx: AppContext, code: string): Promise<Item> {
  return toItem(await findItemRowOrThrow(ctx, code));
}

/** findMultipleItem: each code (or barcode) once, found items in request order, the rest listed. */
export async function findMultipleItems(ctx: AppContext, codes: readonly string[]) {
  const keys = [...new Set(codes.map(codeKey))];
  const rows = await repository.findItemsByCodeLowers(ctx.db, keys);
  const items: Item[] = [];
  const seen = new Set<number>();
  const unknownCodes: string[] = [];
  for (const key of keys) {
    const match = bestMatch(rows, key);
    if (!match) {
      unknownCodes.push(codes.find((c) => codeKey(c) === key) ?? key);
      continue;
    }
    if (seen.has(match.row.id)) continue;
    seen.add(match.row.id);
    items.push(match.item);
  }
  return { items, unknownCodes };
}

/** The autocomplete's text as it is matched: trimmed and lower-cased. */
export const autocompleteKey = (text: string): string => text.trim().toLowerCase();

/**
 * Case-insensitive contains on code, name and barcodes; code-prefix matches first; at most 20.
 * Any other text is matched literally (LIKE escaped, FTS5 trigrams quoted as strings); a text
 * holding a control character never gets here (searchTextSchema refuses it).
 */
export async function autocomplete(ctx: AppContext, text: string) {
  const key = autocompleteKey(text);
  const prefix = await repository.autocompleteByCodePrefix(ctx.db, key, itemAutocompleteLimit);
  let rows = prefix;
  if (prefix.length < itemAutocompleteLimit) {
    const rest = await repository.autocompleteByContains(
      ctx.db,
      ctx.dialect,
      key,
      itemAutocompleteLimit - prefix.length,
      prefix.map((r) => r.id),
    );
    rest.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    rows = [...prefix, ...rest];
  }
  return rows.map((r) => ({
    code: r.code,
    visualCode: r.visual_code,
    name: r.name,
    barcode: r.barcode,
    barcode2: r.barcode2,
    barcode3: r.barcode3,
  }));
}

/**
 * The item's stock rows. The caller null is a read inside the server (full quantities); a caller's
 * answer is blind in batching mode (isBlindFor: the quantities null).
 */
export async function getItemLocations(
  ctx: AppContext,
  code: string,
  caller: Principal | null,
): Promise<ItemStockRow[]> {
  const item = await findItemRowOrThrow(ctx, code);
  const rows = await repository.stockRowsOfItem(ctx.db, item.id);
  const blind = caller !== null && (await isBlindFor(ctx, caller));
  return rows.map((r) => {
    const buckets = bucketsOf(r);
    return {
      binLocation: {
        code: r.bin_code,
        visualCode: r.bin_visual_code,
        warehouseCode: r.warehouse_code,
        locationType: r.location_type as ItemStockRow['binLocation']['locationType'],
        physicalLocationType: r.physical_location_type as ItemStockRow['binLocation']['physicalLocationType'],
        stockMovementRestricted: r.stock_movement_restricted === 1,
      },
      batch:
        r.batch_code === null
          ? null
          : {
              code: r.batch_code,
              visualCode: r.batch_visual_code ?? r.batch_code,
              expirationDate: r.batch_expiration_date,
            },
      serialNumber:
        r.serial_code === null
          ? null
          : { code: r.serial_code, visualCode: r.serial_visual_code ?? r.serial_code, lotCode: r.serial_lot_code },
      qcPending: r.qc_pending === 1,
      ...shownBuckets(blind, {
        onHandQty: fromThousandths(buckets.onHand),
        releasedQty: fromThousandths(buckets.released),
        pickQty: fromThousandths(buckets.pick),
        qcPendingQty: fromThousandths(buckets.qcPending),
        freeToMoveQty: fromThousandths(freeToMove(buckets)),
      }),
    };
  });
}

const directionSchema = z.enum(['IN', 'OUT']);

export async function getOpenDocuments(ctx: AppContext, code: string) {
  const item = await findItemRowOrThrow(ctx, code);
  const rows = await repository.openDocumentLinesOfItem(ctx.db, item.id);
  return rows.map((r) => ({
    type: r.type as DocumentType,
    code: r.code,
    visualCode: r.visual_code,
    status: r.status,
    lineNumber: r.line_number,
    businessPartnerCode: r.partner_code,
    businessPartnerName: r.partner_name,
    warehouseCode: r.warehouse_code,
    quantity: fromThousandths(r.quantity),
    openQuantity: fromThousandths(r.open_quantity),
    shipDate: r.ship_date,
    direction: directionSchema.parse(r.direction),
  }));
}

export async function getHistory(ctx: AppContext, code: string, offset: number, limit: number) {
  const item = await findItemRowOrThrow(ctx, code);
  // One row more than asked tells whether another page exists.
  const rows = await repository.ledgerOfItem(ctx.db, item.id, offset, limit + 1);
  return {
    rows: rows.slice(0, limit).map((r) => ({
      transactionType: r.transaction_type,
      documentType: r.document_type,
      documentCode: r.document_code,
      at: r.at,
      username: r.username,
      quantity: fromThousandths(r.quantity),
      batch: r.batch_code,
      serialNumber: r.serial_code,
      bin: r.bin_code,
    })),
    offset,
    limit,
    hasMore: rows.length > limit,
  };
}
