import ExcelJS from 'exceljs';
import { importLimits } from '@wms/contract';
import { AppError, unprocessable } from '../../http/app-error.js';
import type { RawRow } from './import-file-rows.js';

/**
 * Reads one sheet of an XLSX with exceljs's streaming reader (the workbook is never held whole;
 * Decision 0176). Cells become text: numbers plain decimals with a dot ("12.5", at most 15
 * significant digits, no exponent; see numberText for "1.2340"), dates YYYY-MM-DD, booleans "true"/"false", rich text its plain
 * text, an error its text (#N/A). A formula is never evaluated: its cached result is the value,
 * and a formula without one is empty.
 *
 * exceljs 4.4 decodes each inflated chunk on its own, so a character whose UTF-8 bytes straddle a
 * chunk boundary came out as U+FFFD (exceljs issues #2063, #2084). The reader below hands its XML
 * parser text decoded across chunks instead.
 */

export interface XlsxSheets {
  /** Every sheet name, in tab order (known once the workbook part was read). */
  sheets: string[];
  /** The name of the sheet read, once found. */
  sheet: string | null;
}

interface SheetModel {
  id: number;
  name: string;
  state?: string;
}

interface InternalWorkbookReader {
  model?: { sheets?: SheetModel[] };
  stream?: { destroy(): void };
  sources?: unknown[];
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Iterable<unknown>;
  _parseSharedStrings(entry: EncodedStream): AsyncIterable<unknown>;
  _parseWorkbook(entry: EncodedStream): Promise<void>;
  _parseRels(entry: EncodedStream): Promise<void>;
}

interface EncodedStream {
  setEncoding(encoding: 'utf8'): void;
}

interface InternalWorksheetReader extends AsyncIterable<ExcelJS.Row> {
  id: number | string;
  name?: string;
}

async function* decodeUtf8(source: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** exceljs's streaming workbook reader with the UTF-8 fix above (the spreadsheet viewer reads every sheet with it). */
export class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {}
{
  const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as InternalWorkbookReader;
  const own = Utf8WorkbookReader.prototype as unknown as InternalWorkbookReader;
  own._parseWorksheet = function (this: InternalWorkbookReader, iterator, sheetNo) {
    (this.sources ??= []).push(iterator);
    return base._parseWorksheet.call(this, decodeUtf8(iterator), sheetNo);
  };
  own._parseSharedStrings = function (this: InternalWorkbookReader, entry) {
    entry.setEncoding('utf8');
    return base._parseSharedStrings.call(this, entry);
  };
  own._parseWorkbook = function (this: InternalWorkbookReader, entry) {
    entry.setEncoding('utf8');
    return base._parseWorkbook.call(this, entry);
  };
  own._parseRels = function (this: InternalWorkbookReader, entry) {
    entry.setEncoding('utf8');
    return base._parseRels.call(this, entry);
  };
}

/** exceljs's own test for a date format (quoted text and [..] sections removed). */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

const plainNumber = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * A number as plain decimal text with a dot: 15 significant digits (Excel's), no exponent. One
 * with exactly three decimals and an integer part other than 0 gets a trailing zero (1.234 is
 * "1.2340"): typed in Dutch, German or Polish "1.234" is a thousand and more (import-cells.ts),
 * and a spreadsheet's number must not be read so.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Number(value.toPrecision(15));
  const plain = String(rounded);
  const text = plain.includes('e') ? plainNumber.format(rounded) : plain;
  return /^-?[1-9]\d*\.\d{3}$/.test(text) ? `${text}0` : text;
}

function dateText(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** Excel's serial day number as a date (day 0 is 1899-12-30, as exceljs counts). */
const serialDate = (serial: number) => dateText(new Date(Date.UTC(1899, 11, 30) + Math.round(serial * 86_400_000)));

/** The text of a cell value as the streaming reader gives it. */
export function cellValueText(value: unknown, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return isDateFormat(numFmt) ? serialDate(value) : numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return '';
  const object = value as Record<string, unknown>;
  if (Array.isArray(object.richText)) {
    return (object.richText as { text?: unknown }[])
      .map((run) => (typeof run.text === 'string' ? run.text : ''))
      .join('');
  }
  if ('formula' in object || 'sharedFormula' in object || 'result' in object) {
    const result = object.result;
    if (typeof result === 'number' && Number.isNaN(result)) return '';
    return result !== null && typeof result === 'object' && 'error' in result ? '' : cellValueText(result, numFmt);
  }
  if (typeof object.error === 'string') return object.error;
  if ('text' in object) return cellValueText(object.text, numFmt);
  return '';
}

/** The cells of a row by column (0-based); a cell with text beyond maxColumns is importFileTooComplex. */
function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = cellValueText(cell.value, cell.numFmt);
    if (text === '') return;
    if (column > importLimits.maxColumns) throw unprocessable('importFileTooComplex');
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  });
  return cells;
}

/** The sheet that is read: the named one (exact, else ignoring case), or the first visible one. */
function wantedSheet(sheets: readonly SheetModel[], name: string | undefined): SheetModel | undefined {
  if (name === undefined) return sheets.find((sheet) => !sheet.state || sheet.state === 'visible') ?? sheets[0];
  return sheets.find((sheet) => sheet.name === name) ?? sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
}

/**
 * The rows of the chosen sheet (`sheet` by name, else the first visible one), filling `found` as
 * the workbook is read. A workbook without that sheet is importUnknownSheet {sheet}; anything
 * exceljs cannot read is importFileUnreadable.
 */
export async function* xlsxRows(file: string, sheet: string | undefined, found: XlsxSheets): AsyncGenerator<RawRow> {
  const reader = new Utf8WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const internal = reader as unknown as InternalWorkbookReader;
  let done = false;
  try {
    for await (const worksheet of reader as AsyncIterable<InternalWorksheetReader>) {
      const sheets = internal.model?.sheets ?? [];
      found.sheets = sheets.map((s) => s.name);
      const wanted = wantedSheet(sheets, sheet);
      if (done || wanted === undefined || String(wanted.id) !== String(worksheet.id)) {
        // Read a skipped sheet to its end: exceljs may have parked it in a temporary file that it
        // deletes after the sheet's turn, and an unread stream would open it after that (ENOENT, uncaught).
        for await (const row of worksheet) void row;
        continue;
      }
      found.sheet = wanted.name;
      let previous = 0;
      for await (const row of worksheet) {
        const rowNumber = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
        previous = rowNumber;
        yield { rowNumber, cells: rowCells(row) };
      }
      done = true;
    }
    found.sheets = (internal.model?.sheets ?? []).map((s) => s.name);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable('importFileUnreadable');
  } finally {
    internal.stream?.destroy();
    for (const source of internal.sources ?? []) (source as { destroy?: () => void }).destroy?.();
  }
  if (!done) {
    if (sheet !== undefined) throw unprocessable('importUnknownSheet', { sheet });
    throw unprocessable('importNoRows');
  }
}
