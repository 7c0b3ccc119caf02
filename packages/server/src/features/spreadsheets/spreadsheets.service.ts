import fs from 'node:fs/promises';
import { spreadsheetLimits, type Spreadsheet } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Upload } from '../../http/multipart-upload.js';
import { findLibraryFile } from '../file-management/file-management.service.js';
import { readSpreadsheet } from './spreadsheet-reader.js';

/**
 * The spreadsheet viewer (contract api/spreadsheets.ts; docs/decisions/0181): a file read only,
 * from an upload (never stored) or from the file manager's library. Nothing is written.
 */
const mebibyte = 1024 * 1024;

export const fileTooLarge = () =>
  new AppError(413, 'fileTooLarge', {
    max: spreadsheetLimits.maxBytes,
    maxMb: spreadsheetLimits.maxBytes / mebibyte,
  });

export function readUploadedSpreadsheet(upload: Upload): Promise<Spreadsheet> {
  return readSpreadsheet({ file: upload.file, head: upload.head, fileName: upload.fileName });
}

/** A file of the library (temp/albums/{album}/{file}); over the size limit 413 fileTooLarge. */
export async function readLibrarySpreadsheet(ctx: AppContext, wirePath: string): Promise<Spreadsheet> {
  const found = await findLibraryFile(ctx, wirePath);
  if (found.size > spreadsheetLimits.maxBytes) throw fileTooLarge();
  const handle = await fs.open(found.file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  return readSpreadsheet({ file: found.file, head, fileName: found.name });
}
