import type { BarcodeSlot, Item, ItemLabelRequest, ManagedBy, PrintAnswer } from '@wms/contract';
import { http } from '../../platform/http.js';

const itemPath = (code: string) => `/api/v1/item/${encodeURIComponent(code)}`;

export interface ManagedByAnswer {
  managedBy: ManagedBy;
  convertedRows: number;
}

/** POST /api/v1/item/{code}/managedBy/{type}; the idempotency key makes a retried request convert once. */
export function setManagedBy(
  code: string,
  type: ManagedBy,
  body: { newBatchName: string; newSerialPrefix: string },
  idempotencyKey: string,
): Promise<ManagedByAnswer> {
  return http.post<ManagedByAnswer>(`${itemPath(code)}/managedBy/${type}`, body, { idempotencyKey });
}

/** POST /api/v1/item/{code}/barcode: barcode null clears the slot. */
export function setBarcode(code: string, slot: BarcodeSlot, barcode: string | null, quantity = 1): Promise<Item> {
  return http.post<Item>(`${itemPath(code)}/barcode`, { slot, barcode, quantity });
}

export type LabelSize = 'label' | 'large_label';

/** POST /api/v1/item/label or /large_label: `quantity` labels of the item on the server printer. */
export function printItemLabels(size: LabelSize, printer: number, item: string, quantity: number) {
  const body: ItemLabelRequest = { printer, jobs: [{ item, batch: null, serial: null, quantity }] };
  return http.post<PrintAnswer>(`/api/v1/item/${size}`, body);
}

/** POST /api/v1/item/{code}/image, multipart with the field `file`. */
export function uploadItemImage(code: string, file: File): Promise<{ imagePath: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post(`${itemPath(code)}/image`, form);
}
