import fs from 'node:fs/promises';
import { unprocessable } from '../../http/app-error.js';
import { csvRecords, decodeCsv } from './csv-reader.js';
import { tabulate, type FileRow, type RowLimits } from './import-file-rows.js';
import { checkXlsxArchive } from './xlsx-archive-check.js';
import { xlsxRows, type XlsxSheets } from './xlsx-reader.js';

/** What a read file holds besides its rows (which went to `store` while reading). */
export interface ReadFile {
  /** Sheet names in tab order (an XLSX); [] for a CSV. */
  sheets: string[];
  /** The sheet read (an XLSX); null for a CSV. */
  sheet: string | null;
  headers: string[];
  rowCount: number;
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A compound file: an encrypted (password-protected) OOXML workbook, or an old .xls. */
const compoundFileSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Reads an uploaded import file by its content, never its name (Decision 0176): a zip is an
 * XLSX (its archive checked first, xlsx-archive-check.ts), a compound file is refused as
 * importFilePasswordProtected, anything else is read as CSV when it is UTF-8 text
 * (importFileUnreadable otherwise). Rows are handed to `store` in chunks while reading.
 */
export async function readImportFile(
  upload: { file: string; head: Buffer },
  options: RowLimits & { sheet?: string },
  store: (chunk: FileRow[]) => Promise<void>,
): Promise<ReadFile> {
  const { head } = upload;
  if (head.subarray(0, 4).equals(zipSignature)) {
    await checkXlsxArchive(upload.file);
    const found: XlsxSheets = { sheets: [], sheet: null };
    const table = await tabulate(xlsxRows(upload.file, options.sheet, found), options, store);
    return { sheets: found.sheets, sheet: found.sheet, ...table };
  }
  if (head.subarray(0, 8).equals(compoundFileSignature)) throw unprocessable('importFilePasswordProtected');
  if (head.subarray(0, 2).equals(Buffer.from('PK'))) throw unprocessable('importFileUnreadable');
  const text = decodeCsv(await fs.readFile(upload.file));
  const table = await tabulate(csvRecords(text), options, store);
  return { sheets: [], sheet: null, ...table };
}
