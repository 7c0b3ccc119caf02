import type { DbOrTx } from '../database.js';

/**
 * Demo printers, one per supported print type: a VOID test printer (prints nothing, reports
 * success), FILE printers writing ZPL and PDF labels and an A4 sheet under
 * DATA_DIR/printer_output, a PERIPHERAL printer that prints in the browser, and an inactive RAW
 * printer showing a network label printer's settings.
 */
export const demoPrinters = [
  { name: 'Test printer', print_type: 'VOID', paper: 'LABEL', label_format: 'ZPL', folder: null, host: null },
  { name: 'ZPL files', print_type: 'FILE', paper: 'LABEL', label_format: 'ZPL', folder: 'zpl', host: null },
  { name: 'PDF label files', print_type: 'FILE', paper: 'LABEL', label_format: 'PDF', folder: 'pdf', host: null },
  { name: 'A4 label sheets', print_type: 'FILE', paper: 'A4', label_format: 'PDF', folder: 'a4', host: null },
  { name: 'Browser printer', print_type: 'PERIPHERAL', paper: 'LABEL', label_format: 'ZPL', folder: null, host: null },
  { name: 'Zebra dock 1', print_type: 'RAW', paper: 'LABEL', label_format: 'ZPL', folder: null, host: '127.0.0.1' },
] as const;

export async function seedDemoPrinters(db: DbOrTx, at: string): Promise<void> {
  await db
    .insertInto('printer')
    .values(
      demoPrinters.map((p) => ({
        ...p,
        name_lower: p.name.toLowerCase(),
        port: 9100,
        active: p.print_type === 'RAW' ? 0 : 1,
        version: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
