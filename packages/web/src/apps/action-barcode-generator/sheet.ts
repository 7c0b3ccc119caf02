import type { ActionBarcodeSheet, ActionCommand, BarcodeSymbology } from '@wms/contract';

/** A barcode collected for the sheet: its command as checked, its caption and what it encodes. */
export interface SheetEntry {
  id: number;
  command: ActionCommand;
  caption: string;
  content: string;
  symbology: BarcodeSymbology;
}

export type SheetSize = 'normal' | 'large';

/** The request body of the sheet's PDF and print calls. */
export function sheetRequest(entries: readonly SheetEntry[], size: SheetSize): ActionBarcodeSheet {
  return { barcodes: entries.map(({ command, caption }) => ({ command, caption })), size };
}
