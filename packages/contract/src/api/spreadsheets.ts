import { z } from 'zod';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { importLimits } from './importers.js';

/**
 * The spreadsheet viewer (/spreadsheetviewer; docs/decisions/0181): an XLSX or CSV file read
 * only, every sheet as rows of cell text. Under /api/v1/spreadsheets/, role reporting:
 *
 * - POST read (multipart, one file in field `file`): an uploaded file, not stored.
 * - GET  library?path=temp/albums/{album}/{file}: a file of the file manager's library.
 *
 * The file is read as the import framework reads it (by its content: a zip is an XLSX, checked
 * against zip bombs first; anything else UTF-8 CSV; formulas show their cached values and are
 * never evaluated). Bounds: spreadsheetLimits.maxBytes (413 fileTooLarge {maxMb}); a sheet beyond
 * maxSheets, rows beyond maxRowsPerSheet, columns beyond maxColumns or cells beyond maxCells in
 * all are left out and the answer says `truncated`; a cell longer than maxCellLength is cut.
 * Refusals: 422 importFileUnreadable, importFilePasswordProtected, importFileTooComplex (an
 * archive too large unpacked: a zip bomb); 404 notFound {path}; 400 invalidPath {path}.
 */
export const spreadsheetLimits = {
  maxBytes: importLimits.maxBytes,
  maxSheets: 20,
  maxRowsPerSheet: 50_000,
  maxColumns: 200,
  /** Cells in all sheets together: the answer stays a size a browser table handles. */
  maxCells: 1_000_000,
  maxCellLength: importLimits.maxCellLength,
} as const;

export const spreadsheetRowSchema = z.object({
  /** The row's number in the file (1-based; rows without any cell are not listed). */
  number: z.number().int().positive(),
  cells: z.array(z.string()),
});
export type SpreadsheetRow = z.infer<typeof spreadsheetRowSchema>;

export const spreadsheetSheetSchema = z.object({
  name: z.string(),
  /** The widest row's number of cells. */
  columns: z.number().int().nonnegative(),
  rows: z.array(spreadsheetRowSchema),
  /** Rows or cells of this sheet were left out (a limit was reached). */
  truncated: z.boolean(),
});
export type SpreadsheetSheet = z.infer<typeof spreadsheetSheetSchema>;

export const spreadsheetSchema = z.object({
  fileName: z.string(),
  format: z.enum(['XLSX', 'CSV']),
  sheets: z.array(spreadsheetSheetSchema),
  /** Something was left out: a sheet, rows or cells over the limits. */
  truncated: z.boolean(),
});
export type Spreadsheet = z.infer<typeof spreadsheetSchema>;

export const spreadsheetLibraryQuerySchema = z.object({ path: z.string().min(1).max(1000) });

const reporting = rolesAccess('reporting');

export const spreadsheetEndpoints = defineEndpoints('spreadsheets', {
  read: {
    method: 'POST',
    path: '/api/v1/spreadsheets/read',
    access: reporting,
    upload: true,
    answer: spreadsheetSchema,
  },
  library: {
    method: 'GET',
    path: '/api/v1/spreadsheets/library',
    access: reporting,
    query: spreadsheetLibraryQuerySchema,
    answer: spreadsheetSchema,
  },
});
