import type { SpreadsheetRow, SpreadsheetSheet } from '@wms/contract';

/** A sheet as the table shows it: a header per column and the data rows. */
export interface SheetTable {
  headers: string[];
  rows: SpreadsheetRow[];
}

/** A column's letters as a spreadsheet names it: A..Z, AA, AB, ... */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The headers and rows to show: with `headerRow`, the first row names the columns (an empty
 * cell keeps the column's letters) and is no data row; without, the columns are A, B, C...
 */
export function sheetTable(sheet: SpreadsheetSheet, headerRow: boolean): SheetTable {
  const [first, ...rest] = sheet.rows;
  const letters = Array.from({ length: sheet.columns }, (_, index) => columnLetters(index));
  if (!headerRow || first === undefined) return { headers: letters, rows: sheet.rows };
  return { headers: letters.map((letter, index) => first.cells[index]?.trim() || letter), rows: rest };
}

/** Whether a value would be read as a formula by a spreadsheet, and is not simply a number. */
function looksLikeFormula(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+([.,]\d+)?$/.test(value);
}

/**
 * One CSV field: `;` separated (what Excel expects in Dutch, German and Polish), quoted when it
 * holds a `;`, a quote, a line break or surrounding spaces, quotes doubled. A text a spreadsheet
 * would take for a formula gets a leading apostrophe, so opening the export runs nothing.
 */
export function csvField(value: string): string {
  const text = looksLikeFormula(value) ? `'${value}` : value;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (CRLF line ends) of the headers and the rows; the byte order mark is added on download. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((cells) => cells.map(csvField).join(';')).join('\r\n') + '\r\n';
}

/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const utf8Bom = '\ufeff';
