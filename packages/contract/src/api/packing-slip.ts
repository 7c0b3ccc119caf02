import { z } from 'zod';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { printAnswerSchema } from './printers.js';

/**
 * Packing slips (PROCESSES.md 3.9; issue 19 item 3). A DELIVERY's slip lists its head (customer,
 * ship-to, delivery code, date, pick lists, sales orders, warehouse) and per shipping container
 * the goods that left in it (the DELIVERY movement's ledger rows at the container's bin
 * location): item, batch, best-before, serial, quantity. Every route needs `delivery`.
 *
 * - GET  /api/v1/delivery/{code}/packingSlip                the slip as a PDF (A4); logged as PREVIEW
 * - POST /api/v1/delivery/{code}/packingSlip/print {printer?}  to the printer; logged PRINT, then REPRINT
 * - GET  /api/v1/delivery/{code}/packingSlip/log            who printed or downloaded it, newest first
 * - POST /api/v1/delivery/{code}/containerLabels/print {printer?}  every container's label
 * - GET  /api/v1/delivery/{code}/carrierLabel               the carrier label (PDF, 4 x 6 inch label)
 * - GET  /api/v1/packing_slip/find?scan=                    a delivery, pick list or container code -> its delivery
 *
 * Refusals: 404 unknownDocument {type: DELIVERY, code} (no delivery, pick list or container has the
 * code); 422 notDelivered {code} (a pick list or container not delivered yet); 422
 * noPrinterSelected (no printer given); 404 unknownPrinter; 422 packingSlipNeedsPdfPrinter
 * {printer} (a ZPL printer); the printers feature's printerUnreachable, printFailed.
 */
const code = z.string().trim().min(1).max(100);

export const packingSlipCodeParamsSchema = z.object({ code });
export type PackingSlipCodeParams = z.input<typeof packingSlipCodeParamsSchema>;

/** The printer; absent: the caller has no default delivery label printer (422 noPrinterSelected). */
export const packingSlipPrintRequestSchema = z.object({ printer: z.number().int().positive().optional() });
export type PackingSlipPrintRequest = z.input<typeof packingSlipPrintRequestSchema>;

export const packingSlipFindQuerySchema = z.object({ scan: z.string().trim().min(1).max(200) });
export type PackingSlipFindQuery = z.input<typeof packingSlipFindQuerySchema>;

/** What a scan resolved to: the delivery, and what the screen shows of it. */
export const packingSlipFindAnswerSchema = z.object({
  delivery: z.string(),
  /** What the scan was: a delivery, a pick list or a container code. */
  scanned: z.enum(['DELIVERY', 'PICK_LIST', 'CONTAINER']),
  status: z.string(),
  customer: z.string().nullable(),
  customerName: z.string().nullable(),
  containers: z.number().int().nonnegative(),
});
export type PackingSlipFindAnswer = z.infer<typeof packingSlipFindAnswerSchema>;

export const packingSlipPrintKinds = ['PREVIEW', 'PRINT', 'REPRINT'] as const;
export type PackingSlipPrintKind = (typeof packingSlipPrintKinds)[number];

export const packingSlipLogEntrySchema = z.object({
  at: isoDateTime,
  username: z.string(),
  kind: z.enum(packingSlipPrintKinds),
  printer: z.string().nullable(),
});
export type PackingSlipLogEntry = z.infer<typeof packingSlipLogEntrySchema>;
export const packingSlipLogAnswerSchema = z.array(packingSlipLogEntrySchema);

const delivery = rolesAccess('delivery');

export const packingSlipEndpoints = defineEndpoints('packingSlip', {
  find: {
    method: 'GET',
    path: '/api/v1/packing_slip/find',
    access: delivery,
    query: packingSlipFindQuerySchema,
    answer: packingSlipFindAnswerSchema,
  },
  pdf: {
    method: 'GET',
    path: '/api/v1/delivery/:code/packingSlip',
    access: delivery,
    params: packingSlipCodeParamsSchema,
    answer: null,
  },
  print: {
    method: 'POST',
    path: '/api/v1/delivery/:code/packingSlip/print',
    access: delivery,
    params: packingSlipCodeParamsSchema,
    body: packingSlipPrintRequestSchema,
    answer: printAnswerSchema,
  },
  log: {
    method: 'GET',
    path: '/api/v1/delivery/:code/packingSlip/log',
    access: delivery,
    params: packingSlipCodeParamsSchema,
    answer: packingSlipLogAnswerSchema,
  },
  containerLabels: {
    method: 'POST',
    path: '/api/v1/delivery/:code/containerLabels/print',
    access: delivery,
    params: packingSlipCodeParamsSchema,
    body: packingSlipPrintRequestSchema,
    answer: printAnswerSchema,
  },
  carrierLabel: {
    method: 'GET',
    path: '/api/v1/delivery/:code/carrierLabel',
    access: delivery,
    params: packingSlipCodeParamsSchema,
    answer: null,
  },
});
