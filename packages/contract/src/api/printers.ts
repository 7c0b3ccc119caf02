import { z } from 'zod';
import { labelFormats, paperTypes, printTypes } from '../enums.js';
import { idParamSchema, isoDateTime, okSchema } from './common.js';
import { defineEndpoints, rolesAccess, signedInAccess } from './endpoint.js';

/**
 * Printers (issue 4, labels and printers) under /api/v1/printer/. A printer is a configured
 * record; labels are rendered on the server in the printer's label format and sent by its print
 * type:
 * - RAW: a TCP connection to host:port (9100 by default), the bytes written as they are;
 * - FILE: a file in the printer's folder under DATA_DIR/printer_output;
 * - VOID: discarded (reported as printed; for tests and demos);
 * - PERIPHERAL: a PRINT_JOB live message to the requesting browser session, which prints it.
 * The spec's other print types (PJL, IPP, CUPS, NATIVE, CUSTOM) and label formats (PDF_GRID,
 * PNG, TSPL) are refused with 422 printTypeNotSupported / labelFormatNotSupported for now.
 */
export const supportedPrintTypes = ['RAW', 'FILE', 'VOID', 'PERIPHERAL'] as const;
export type SupportedPrintType = (typeof supportedPrintTypes)[number];
export const supportedLabelFormats = ['ZPL', 'PDF'] as const;
export type SupportedLabelFormat = (typeof supportedLabelFormats)[number];
export const defaultRawPrinterPort = 9100;

/** A host name or an IP address (no scheme, no path). */
const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9._:[\]-]+$/, 'a host name or IP address');

/** A folder below DATA_DIR/printer_output (relative; `..` out of it is refused). */
const folderSchema = z.string().trim().max(500);

export const printerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  printType: z.enum(printTypes),
  host: z.string().nullable(),
  port: z.number().int(),
  folder: z.string().nullable(),
  paper: z.enum(paperTypes),
  labelFormat: z.enum(labelFormats),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Printer = z.infer<typeof printerSchema>;
export const printerListAnswerSchema = z.array(printerSchema);

/** POST /api/v1/printer/: a new printer. RAW needs a host. */
export const printerCreateRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  printType: z.enum(printTypes),
  host: hostSchema.nullish(),
  port: z.number().int().min(1).max(65535).optional(),
  folder: folderSchema.nullish(),
  paper: z.enum(paperTypes).default('LABEL'),
  labelFormat: z.enum(labelFormats).default('ZPL'),
  active: z.boolean().default(true),
});
export type PrinterCreateRequest = z.input<typeof printerCreateRequestSchema>;

/** POST /api/v1/printer/{id}: the fields to change plus the version read (a stale version gets 412). */
export const printerUpdateRequestSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  printType: z.enum(printTypes).optional(),
  host: hostSchema.nullish(),
  port: z.number().int().min(1).max(65535).optional(),
  folder: folderSchema.nullish(),
  paper: z.enum(paperTypes).optional(),
  labelFormat: z.enum(labelFormats).optional(),
  active: z.boolean().optional(),
  version: z.number().int().positive(),
});
export type PrinterUpdateRequest = z.input<typeof printerUpdateRequestSchema>;

/** GET /api/v1/printer/available (printers.getAvailablePrinters): active printers, no connection details. */
export const availablePrinterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  printType: z.enum(printTypes),
  paper: z.enum(paperTypes),
  labelFormat: z.enum(labelFormats),
});
export type AvailablePrinter = z.infer<typeof availablePrinterSchema>;
export const availablePrintersAnswerSchema = z.array(availablePrinterSchema);

/** The outcome of a print: how many labels were printed and on which printer. */
export const printAnswerSchema = z.object({ printed: z.number().int().nonnegative(), printer: z.string() });
export type PrintAnswer = z.infer<typeof printAnswerSchema>;

/** The printer endpoints. */
export const printerEndpoints = defineEndpoints('printers', {
  list: { method: 'GET', path: '/api/v1/printer/', access: rolesAccess('admin'), answer: printerListAnswerSchema },
  create: {
    method: 'POST',
    path: '/api/v1/printer/',
    access: rolesAccess('admin'),
    body: printerCreateRequestSchema,
    answer: printerSchema,
    status: 201,
  },
  available: {
    method: 'GET',
    path: '/api/v1/printer/available',
    access: signedInAccess,
    answer: availablePrintersAnswerSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/printer/:id',
    access: rolesAccess('admin'),
    params: idParamSchema,
    body: printerUpdateRequestSchema,
    answer: printerSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/printer/:id',
    access: rolesAccess('admin'),
    params: idParamSchema,
    answer: okSchema,
  },
  test: {
    method: 'POST',
    path: '/api/v1/printer/:id/test',
    access: signedInAccess,
    params: idParamSchema,
    answer: printAnswerSchema,
  },
});
