import path from 'node:path';
import {
  defaultRawPrinterPort,
  labelFormats,
  paperTypes,
  printTypes,
  supportedLabelFormats,
  supportedPrintTypes,
  type AvailablePrinter,
  type Printer,
  type PrinterCreateRequest,
  type PrinterUpdateRequest,
  type SupportedLabelFormat,
  type SupportedPrintType,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { PrinterRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../http/app-error.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as repository from './printers.repository.js';
import type { PrinterValues } from './printers.repository.js';

/** Where FILE printers write: their folder is below this, inside DATA_DIR. */
export function printerOutputRoot(dataDir: string): string {
  return path.resolve(dataDir, 'printer_output');
}

/**
 * The folder as stored: relative to the output root with forward slashes ('' for the root
 * itself), or null when it would leave the root (`..`, an absolute path elsewhere, NUL).
 */
export function normalizePrinterFolder(dataDir: string, folder: string): string | null {
  if (folder.includes('\0')) return null;
  const root = printerOutputRoot(dataDir);
  const relative = path.relative(root, path.resolve(root, folder));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join('/');
}

/** The absolute folder a FILE printer writes to; null when its stored folder leaves the output root. */
export function printerFolderPath(dataDir: string, folder: string | null): string | null {
  const relative = normalizePrinterFolder(dataDir, folder ?? '');
  return relative === null ? null : path.resolve(printerOutputRoot(dataDir), relative);
}

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    name: row.name,
    printType: pick(printTypes, row.print_type, 'VOID'),
    host: row.host,
    port: row.port,
    folder: row.folder,
    paper: pick(paperTypes, row.paper, 'LABEL'),
    labelFormat: pick(labelFormats, row.label_format, 'ZPL'),
    active: row.active === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAvailablePrinter(row: PrinterRow): AvailablePrinter {
  const { id, name, printType, paper, labelFormat } = toPrinter(row);
  return { id, name, printType, paper, labelFormat };
}

export function supportedPrintTypeOf(printType: string): SupportedPrintType {
  if (!(supportedPrintTypes as readonly string[]).includes(printType)) {
    throw unprocessable('printTypeNotSupported', { printType });
  }
  return printType as SupportedPrintType;
}

export function supportedLabelFormatOf(labelFormat: string): SupportedLabelFormat {
  if (!(supportedLabelFormats as readonly string[]).includes(labelFormat)) {
    throw unprocessable('labelFormatNotSupported', { labelFormat });
  }
  return labelFormat as SupportedLabelFormat;
}

/** Checks a printer's values as they will be stored; returns them with the folder normalized. */
function validated(ctx: AppContext, values: PrinterValues): PrinterValues {
  const printType = supportedPrintTypeOf(values.printType);
  supportedLabelFormatOf(values.labelFormat);
  if (printType === 'RAW' && !values.host) {
    throw badRequest('printerHostRequired', { fields: [{ field: 'body.host', message: 'required for RAW' }] });
  }
  let folder: string | null = null;
  if (values.folder) {
    const normalized = normalizePrinterFolder(ctx.config.dataDir, values.folder);
    if (normalized === null) {
      throw badRequest('printerFolderOutsideOutput', {
        folder: values.folder,
        fields: [{ field: 'body.folder', message: 'must stay inside the printer output folder' }],
      });
    }
    folder = normalized === '' ? null : normalized;
  }
  return { ...values, folder };
}

async function assertNameFree(ctx: AppContext, name: string, exceptId: number | null): Promise<void> {
  if (await repository.findPrinterByName(ctx.db, name, exceptId)) throw conflict('printerNameTaken', { name });
}

/** A unique violation of the name (a concurrent create or rename) is the same 409. */
async function nameSafe<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('printerNameTaken', { name });
    throw error;
  }
}

export async function findPrinterOrThrow(ctx: AppContext, id: number): Promise<PrinterRow> {
  const row = await repository.findPrinterById(ctx.db, id);
  if (!row) throw notFound('unknownPrinter', { printer: id });
  return row;
}

export async function listPrinters(ctx: AppContext): Promise<Printer[]> {
  return (await repository.listPrinters(ctx.db)).map(toPrinter);
}

/** printers.getAvailablePrinters: the active printers, without host, port or folder. */
export async function listAvailablePrinters(ctx: AppContext): Promise<AvailablePrinter[]> {
  return (await repository.listActivePrinters(ctx.db)).map(toAvailablePrinter);
}

export async function createPrinter(ctx: AppContext, input: PrinterCreateRequest): Promise<Printer> {
  const values = validated(ctx, {
    name: input.name,
    printType: input.printType,
    host: input.host || null,
    port: input.port ?? defaultRawPrinterPort,
    folder: input.folder || null,
    paper: input.paper ?? 'LABEL',
    labelFormat: input.labelFormat ?? 'ZPL',
    active: input.active ?? true,
  });
  await assertNameFree(ctx, values.name, null);
  const id = await nameSafe(values.name, () => repository.insertPrinter(ctx.db, values, nowIso()));
  return toPrinter(await findPrinterOrThrow(ctx, id));
}

export async function updatePrinter(ctx: AppContext, id: number, input: PrinterUpdateRequest): Promise<Printer> {
  const current = await findPrinterOrThrow(ctx, id);
  const values = validated(ctx, {
    name: input.name ?? current.name,
    printType: input.printType ?? current.print_type,
    host: input.host === undefined ? current.host : input.host || null,
    port: input.port ?? current.port,
    folder: input.folder === undefined ? current.folder : input.folder || null,
    paper: input.paper ?? current.paper,
    labelFormat: input.labelFormat ?? current.label_format,
    active: input.active ?? current.active === 1,
  });
  if (values.name.toLowerCase() !== current.name_lower) await assertNameFree(ctx, values.name, id);
  const result = await nameSafe(values.name, () =>
    repository.updatePrinter(ctx.db, id, input.version, values, nowIso()),
  );
  expectOneUpdated(result, { currentVersion: current.version });
  return toPrinter(await findPrinterOrThrow(ctx, id));
}

export async function deletePrinter(ctx: AppContext, id: number): Promise<void> {
  if (!(await repository.deletePrinter(ctx.db, id))) throw notFound('unknownPrinter', { printer: id });
}

/** A printer labels can be sent to: it exists and is active (else 404 unknownPrinter). */
export async function findActivePrinterOrThrow(ctx: AppContext, id: number): Promise<PrinterRow> {
  const row = await repository.findPrinterById(ctx.db, id);
  if (!row || row.active !== 1) throw new AppError(404, 'unknownPrinter', { printer: id });
  return row;
}
