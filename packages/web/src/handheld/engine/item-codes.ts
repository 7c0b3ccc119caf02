import {
  paddedCodeKey,
  sameCode,
  samePaddedCode,
  toThousandths,
  type Item,
  type LocationContentRow,
} from '@wms/contract';

/** Thousandths of a barcode quantity; a missing or non-positive one counts 1. */
export function scanQuantityOf(quantity: number | null | undefined): number {
  if (quantity === null || quantity === undefined || !(quantity > 0)) return 1000;
  try {
    const thousandths = toThousandths(quantity);
    return thousandths > 0 ? thousandths : 1000;
  } catch {
    return 1000;
  }
}

/**
 * What one scan of a text counts for this item (thousandths): its code counts 1, barcode,
 * barcode2 and barcode3 their barcodeInvQty; null when the text is none of them. Codes match
 * without case, barcodes also zero-padded.
 */
export function itemScanQuantity(item: Item, text: string): number | null {
  if (sameCode(item.code, text)) return 1000;
  const barcodes: [string | null, number][] = [
    [item.barcode, item.barcodeInvQty],
    [item.barcode2, item.barcode2InvQty],
    [item.barcode3, item.barcode3InvQty],
  ];
  for (const [barcode, quantity] of barcodes) {
    if (barcode && samePaddedCode(barcode, text)) return scanQuantityOf(quantity);
  }
  return null;
}

/** Whether a code (from a compound barcode) names this item: its code or one of its barcodes. */
export function namesItem(item: Item, code: string): boolean {
  return itemScanQuantity(item, code) !== null;
}

/** The contents rows of one item. */
export function contentRowsOf(contents: readonly LocationContentRow[], itemCode: string): LocationContentRow[] {
  return contents.filter((row) => sameCode(row.item.code, itemCode));
}

/** The batch codes of an item on a location (each once). */
export function batchesOnLocation(contents: readonly LocationContentRow[], itemCode: string): string[] {
  return distinctPadded(
    contentRowsOf(contents, itemCode).flatMap((row) =>
      row.batches.map((batch) => batch.code).filter((code): code is string => code !== null),
    ),
  );
}

/** The serials of an item on a location, with their lots. */
export function serialsOnLocation(
  contents: readonly LocationContentRow[],
  itemCode: string,
): { code: string; lotCode: string | null }[] {
  return contentRowsOf(contents, itemCode).flatMap((row) =>
    row.batches.flatMap((batch) => batch.serials.map((serial) => ({ code: serial.code, lotCode: serial.lotCode }))),
  );
}

/** The lots of an item's serials on a location; null is the empty lot. */
export function lotsOnLocation(contents: readonly LocationContentRow[], itemCode: string): (string | null)[] {
  const lots = new Map<string, string | null>();
  for (const serial of serialsOnLocation(contents, itemCode)) {
    const key = serial.lotCode === null ? '' : paddedCodeKey(serial.lotCode);
    if (!lots.has(key)) lots.set(key, serial.lotCode);
  }
  return [...lots.values()];
}

/** Codes without repeats under padded comparison, first spelling kept. */
export function distinctPadded(codes: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const code of codes) if (!seen.has(paddedCodeKey(code))) seen.set(paddedCodeKey(code), code);
  return [...seen.values()];
}

/** The entry of a list equal to code under padded comparison. */
export function findPadded(codes: readonly string[], code: string): string | undefined {
  return codes.find((candidate) => samePaddedCode(candidate, code));
}

/** Same lot: both empty, or equal padded. */
export function sameLot(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return samePaddedCode(a, b);
}
