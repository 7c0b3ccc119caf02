import fs from 'node:fs/promises';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { spreadsheetLimits, type Spreadsheet, type SpreadsheetSheet } from '@wms/contract';
import { AppError, unprocessable } from '../../http/app-error.js';
import { csvRecords, decodeCsv } from '../importers/csv-reader.js';
import type { RawRow } from '../importers/import-file-rows.js';
import { checkXlsxArchive } from '../importers/xlsx-archive-check.js';
import { cellValueText, Utf8WorkbookReader } from '../importers/xlsx-reader.js';

/**
 * Reads a spreadsheet for the viewer with the import framework's readers (features/importers,
 * Decision 0176), by the file's content, never its name: a zip is an XLSX (its archive checked
 * against zip bombs before exceljs's streaming reader reads it, with the importers' UTF-8 fix and
 * cell texts; cached formula values, never evaluated), a compound file is
 * importFilePasswordProtected, anything else UTF-8 CSV. A workbook is read in one pass and every
 * worksheet to its end, also past the limits (exceljs parks worksheets in temporary files and
 * removes each once it was read: a worksheet left unread would be opened after its removal).
 * What is over the limits (contract spreadsheetLimits) is left out and marked `truncated`.
 */
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const compoundFileSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export interface SpreadsheetSource {
  /** The file on disk. */
  file: string;
  /** Its first bytes (at least 8), for the signature. */
  head: Buffer;
  /** The name shown (an upload's or the library file's name). */
  fileName: string;
}

/** Cells still allowed in the answer, shared by the sheets. */
interface Budget {
  cells: number;
}

/** Collects a sheet's rows within the limits; rows without text are left out, trailing empty cells dropped. */
class SheetCollector {
  readonly sheet: SpreadsheetSheet;
  constructor(
    name: string,
    private readonly budget: Budget,
    /** false: the sheet is over the sheet limit, its rows are read and dropped. */
    private readonly kept = true,
  ) {
    this.sheet = { name, columns: 0, rows: [], truncated: !kept };
  }

  add(row: RawRow): void {
    const cells = row.cells.map((cell) => cell ?? '');
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0 || !this.kept) return;
    const { sheet } = this;
    if (cells.length > spreadsheetLimits.maxColumns) {
      cells.length = spreadsheetLimits.maxColumns;
      sheet.truncated = true;
    }
    if (sheet.rows.length >= spreadsheetLimits.maxRowsPerSheet || cells.length > this.budget.cells) {
      sheet.truncated = true;
      return;
    }
    this.budget.cells -= cells.length;
    const cut = cells.map((text) => {
      if (text.length <= spreadsheetLimits.maxCellLength) return text;
      sheet.truncated = true;
      return text.slice(0, spreadsheetLimits.maxCellLength);
    });
    sheet.rows.push({ number: row.rowNumber, cells: cut });
    sheet.columns = Math.max(sheet.columns, cut.length);
  }
}

/** A worksheet row's cell texts by column (0-based), up to one past the column limit. */
function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (column > spreadsheetLimits.maxColumns + 1) return;
    const text = cellValueText(cell.value, cell.numFmt);
    if (text === '') return;
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  });
  return cells;
}

interface WorkbookInternals {
  model?: { sheets?: { name: string }[] };
  stream?: { destroy(): void };
  sources?: unknown[];
}
interface WorksheetReader extends AsyncIterable<ExcelJS.Row> {
  name: string;
}

async function readWorkbook(source: SpreadsheetSource, budget: Budget): Promise<Spreadsheet> {
  await checkXlsxArchive(source.file);
  const reader = new Utf8WorkbookReader(source.file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const internals = reader as unknown as WorkbookInternals;
  const tabs = () => (internals.model?.sheets ?? []).map((sheet) => sheet.name);
  const collected = new Map<string, SpreadsheetSheet>();
  try {
    for await (const worksheet of reader as unknown as AsyncIterable<WorksheetReader>) {
      const tab = tabs().indexOf(worksheet.name);
      const collector = new SheetCollector(worksheet.name, budget, tab < spreadsheetLimits.maxSheets);
      let previous = 0;
      for await (const row of worksheet) {
        const rowNumber = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
        previous = rowNumber;
        collector.add({ rowNumber, cells: rowCells(row) });
      }
      collected.set(worksheet.name, collector.sheet);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable('importFileUnreadable');
  } finally {
    internals.stream?.destroy();
    for (const stream of internals.sources ?? []) (stream as { destroy?: () => void }).destroy?.();
  }
  // Tab order; a sheet without a worksheet part (never written) is an empty sheet.
  const names = tabs().length > 0 ? tabs() : [...collected.keys()];
  const all = names.map((name) => collected.get(name) ?? { name, columns: 0, rows: [], truncated: false });
  const sheets = all.slice(0, spreadsheetLimits.maxSheets);
  const truncated = all.length > sheets.length || sheets.some((sheet) => sheet.truncated);
  return { fileName: source.fileName, format: 'XLSX', sheets, truncated };
}

export async function readSpreadsheet(source: SpreadsheetSource): Promise<Spreadsheet> {
  const budget: Budget = { cells: spreadsheetLimits.maxCells };
  const { head } = source;
  if (head.subarray(0, 4).equals(zipSignature)) return readWorkbook(source, budget);
  if (head.subarray(0, 8).equals(compoundFileSignature)) throw unprocessable('importFilePasswordProtected');
  if (head.subarray(0, 2).equals(Buffer.from('PK'))) throw unprocessable('importFileUnreadable');
  const text = decodeCsv(await fs.readFile(source.file));
  const name = path.parse(source.fileName).name || source.fileName;
  const collector = new SheetCollector(name, budget);
  for (const row of csvRecords(text)) collector.add(row);
  const { sheet } = collector;
  return { fileName: source.fileName, format: 'CSV', sheets: [sheet], truncated: sheet.truncated };
}
