import {
  codeKey,
  hasWrongGtinCheckDigit,
  toThousandths,
  type Item,
  type setItemBarcodeRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { locationCodeOwning } from '../bin-locations/bin-locations.service.js';
import * as repository from './item-actions.repository.js';
import { publishItemsChanged } from './item-live.js';
import { itemSearchText } from './item-rows.js';
import { findItemByCodeLower } from './items.repository.js';
import { toItem } from './items.service.js';

/** The quantity a cleared slot keeps (one unit), as the item rows are created with. */
const defaultBarcodeQuantity = toThousandths(1);

/**
 * The code of the item, other than exceptItemId, whose code or any barcode a scan of the key
 * finds; null when none (the bin location barcodes check this too).
 */
export async function itemCodeOwning(db: DbOrTx, key: string, exceptItemId = 0): Promise<string | null> {
  return (await repository.findOtherItemWithCodeOrBarcode(db, key, exceptItemId))?.code ?? null;
}

/** PostgreSQL: serializes the transactions that assign this barcode (to an item or a location) until they end. */
export async function lockBarcodeKey(ctx: AppContext, db: DbOrTx, key: string): Promise<void> {
  if (ctx.dialect === 'postgres') await repository.lockBarcode(db, key);
}

/**
 * setBarcode(itemCode, slot, barcode, quantity, confirmed): sets or clears (barcode null) one of
 * the three barcodes with the quantity one scan of it counts. The lower-cased twin and the
 * autocomplete's search text follow. A barcode is unique: another item's code or any of its
 * three barcodes, or a bin location's code or barcode, is 422 barcodeAlreadyAssigned {barcode,
 * owner, itemCode | locationCode}. A code of 8, 12, 13 or 14 digits with a wrong GS1 check digit
 * is 422 invalidGtinCheckDigit {barcode} unless the user confirmed it (scanned it again).
 * Bumps the item's version; ITEM_CHANGED after the commit.
 */
export async function setBarcode(
  ctx: AppContext,
  code: string,
  request: z.output<typeof setItemBarcodeRequestSchema>,
): Promise<Item> {
  const quantity = toThousandths(request.quantity);
  if (quantity <= 0) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.quantity', message: 'at least 0.001' }] });
  }
  const { barcode } = request;
  const key = barcode === null ? null : codeKey(barcode);
  const row = await ctx.db.transaction().execute(async (tx) => {
    const item = await findItemByCodeLower(tx, codeKey(code));
    if (!item) throw notFound('unknownItemForCode', { code });
    if (barcode !== null && key !== null) {
      await lockBarcodeKey(ctx, tx, key);
      const itemCode = await itemCodeOwning(tx, key, item.id);
      if (itemCode) throw unprocessable('barcodeAlreadyAssigned', { barcode, owner: itemCode, itemCode });
      const locationCode = await locationCodeOwning(tx, key);
      if (locationCode) throw unprocessable('barcodeAlreadyAssigned', { barcode, owner: locationCode, locationCode });
      if (!request.confirmed && hasWrongGtinCheckDigit(barcode)) {
        throw unprocessable('invalidGtinCheckDigit', { barcode });
      }
    }
    const updated = await repository.updateItemBarcode(
      tx,
      item.id,
      request.slot,
      { barcode, barcodeLower: key, quantity: barcode === null ? defaultBarcodeQuantity : quantity },
      nowIso(),
    );
    const searchText = itemSearchText(updated.code, updated.name, [
      updated.barcode,
      updated.barcode2,
      updated.barcode3,
    ]);
    await repository.updateItemSearchText(tx, item.id, searchText);
    return { ...updated, search_text: searchText };
  });
  publishItemsChanged(ctx, [row.code]);
  return toItem(row);
}
