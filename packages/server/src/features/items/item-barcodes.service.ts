import { codeKey, toThousandths, type Item, type setItemBarcodeRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import * as repository from './item-actions.repository.js';
import { publishItemsChanged } from './item-live.js';
import { itemSearchText } from './item-rows.js';
import { findItemByCodeLower } from './items.repository.js';
import { toItem } from './items.service.js';

/** The quantity a cleared slot keeps (one unit), as the item rows are created with. */
const defaultBarcodeQuantity = toThousandths(1);

/**
 * setBarcode(itemCode, slot, barcode, quantity): sets or clears (barcode null) one of the three
 * barcodes with the quantity one scan of it counts. The lower-cased twin and the autocomplete's
 * search text follow. A barcode that is another item's code or any of its barcodes is 422
 * barcodeInUse {barcode, owner}. Bumps the item's version; ITEM_CHANGED after the commit.
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
    if (key !== null) {
      if (ctx.dialect === 'postgres') await repository.lockBarcode(tx, key);
      const owner = await repository.findOtherItemWithCodeOrBarcode(tx, key, item.id);
      if (owner) throw unprocessable('barcodeInUse', { barcode, owner: owner.code });
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
