import {
  itemActionEndpoints,
  type BarcodeSlot,
  type Item,
  type ItemImageUploadAnswer,
  type ItemLabelRequest,
  type ManagedBy,
  type PrintAnswer,
  type SetManagedByAnswer,
  type SetManagedByRequest,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

/** Converts the item's management type; the idempotency key makes a retried request convert once. */
export function setManagedBy(
  code: string,
  type: ManagedBy,
  body: SetManagedByRequest,
  idempotencyKey: string,
): Promise<SetManagedByAnswer> {
  return callApi(itemActionEndpoints.setManagedBy, { params: { code, type }, body }, { idempotencyKey });
}

/**
 * Sets one barcode slot of the item: barcode null clears the slot. `confirmed`: the user accepted
 * a warning (a wrong GTIN check digit). Quiet: the caller shows a failure.
 */
export function setBarcode(
  code: string,
  slot: BarcodeSlot,
  barcode: string | null,
  quantity = 1,
  confirmed = false,
): Promise<Item> {
  const body = confirmed ? { slot, barcode, quantity, confirmed } : { slot, barcode, quantity };
  return callApi(itemActionEndpoints.setBarcode, { params: { code }, body }, { silent: true });
}

/** The label endpoints: a normal or a large label. */
export type LabelSize = 'label' | 'largeLabel';

/** Prints `quantity` labels (normal or large) of the item on the server printer. */
export function printItemLabels(
  size: LabelSize,
  printer: number,
  item: string,
  quantity: number,
): Promise<PrintAnswer> {
  const body: ItemLabelRequest = { printer, jobs: [{ item, batch: null, serial: null, quantity }] };
  return callApi(itemActionEndpoints[size], { body });
}

/** Uploads the item's image: multipart with the field `file`. */
export function uploadItemImage(code: string, file: File): Promise<ItemImageUploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(itemActionEndpoints.uploadImage, { params: { code }, body: form });
}
