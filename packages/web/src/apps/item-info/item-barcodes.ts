import type { Item } from '@wms/contract';

/** The item's three barcode slots with the quantity one scan of each counts. */
export function itemBarcodes(item: Item): { slot: 1 | 2 | 3; barcode: string | null; quantity: number }[] {
  return [
    { slot: 1, barcode: item.barcode, quantity: item.barcodeInvQty },
    { slot: 2, barcode: item.barcode2, quantity: item.barcode2InvQty },
    { slot: 3, barcode: item.barcode3, quantity: item.barcode3InvQty },
  ];
}
