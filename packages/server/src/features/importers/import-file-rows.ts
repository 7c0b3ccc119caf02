import { importLimits } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';

/** One row as a reader gives it: its number in the file (1-based) and its cell texts by column. */
export interface RawRow {
  rowNumber: number;
  cells: string[];
}

/** A data row as stored: cell texts by header index, trimmed, trailing empty cells dropped. */
export interface FileRow {
  rowNumber: number;
  cells: string[];
}

export interface RowLimits {
  /** The kind's row limit (data rows). */
  maxRows: number;
  /** Stored rows are handed over in chunks of this many. */
  chunkSize: number;
}

export interface TabulatedFile {
  headers: string[];
  rowCount: number;
}

/**
 * Turns a reader's rows into the header and the data rows (Decision 0176): the header is the
 * first row with any text; rows without text are skipped (their numbers stay the file's); cells
 * are trimmed; cells right of the last header are dropped. Limits: more than maxColumns header
 * cells, a cell beyond maxColumns or longer than maxCellLength: importFileTooComplex; more data
 * rows than maxRows: importTooManyRows {max}, raised as soon as the row after the limit is read;
 * none: importNoRows. Data rows go to `store` in chunks while reading.
 */
export async function tabulate(
  rows: AsyncIterable<RawRow> | Iterable<RawRow>,
  limits: RowLimits,
  store: (chunk: FileRow[]) => Promise<void>,
): Promise<TabulatedFile> {
  let headers = null as string[] | null;
  let rowCount = 0;
  let chunk: FileRow[] = [];
  for await (const row of rows) {
    if (row.cells.length > importLimits.maxColumns && row.cells.slice(importLimits.maxColumns).some(hasText)) {
      throw unprocessable('importFileTooComplex');
    }
    const width: number = headers === null ? importLimits.maxColumns : headers.length;
    const cells: string[] = row.cells.slice(0, width).map(cellText);
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    if (headers === null) {
      headers = cells;
      continue;
    }
    rowCount++;
    if (rowCount > limits.maxRows) throw unprocessable('importTooManyRows', { max: limits.maxRows });
    chunk.push({ rowNumber: row.rowNumber, cells });
    if (chunk.length >= limits.chunkSize) {
      await store(chunk);
      chunk = [];
    }
  }
  if (headers === null || rowCount === 0) throw unprocessable('importNoRows');
  if (chunk.length > 0) await store(chunk);
  return { headers, rowCount };
}

const hasText = (cell: string | undefined) => cell !== undefined && cell.trim() !== '';

function cellText(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  if (text.length > importLimits.maxCellLength) throw unprocessable('importFileTooComplex');
  return text;
}
