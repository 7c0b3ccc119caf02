import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { documentTypes } from './items.js';

/**
 * Object lookups for the detail dialogs and object-reference fields (spec 01 sections 2, 3 and 7).
 * Batch, serial and business partner codes compare zero-padded to 64 characters, without case.
 * Every route needs `information`.
 *
 * - GET /api/v1/batch/find/{code}?itemCode=        batches with that code (of one item when given); 404 unknownBatch {code}
 * - GET /api/v1/batch/autocomplete/{text}?itemCode= at most 20
 * - GET /api/v1/serial/find/{code}?itemCode=       404 unknownSerial {code}
 * - GET /api/v1/serial/autocomplete/{text}?itemCode=
 * - GET /api/v1/bp/{code}                          business partner; 404 unknownBusinessPartner {code}
 * - GET /api/v1/bp/autocomplete/{text}
 * - GET /api/v1/order/{code}                       getOrder: sales, purchase or production order; 404 unknownOrder {code}
 * - GET /api/v1/order/autocomplete/{text}          getOrderAutoComplete
 * - GET /api/v1/custom_grid/{objectType}/{index}/{code}   getCustomGridForObjectInformation
 * - GET /api/v1/custom_grid/{objectType}           the grids configured for an object type (titles)
 */
export const lookupLimit = 20;
export const lookupCodeParamSchema = z.object({ code: z.string().trim().min(1).max(100) });
export const lookupTextParamSchema = z.object({ text: searchTextSchema });
export const lookupItemQuerySchema = z.object({ itemCode: z.string().trim().min(1).max(100).optional() });

/** Batch (spec 01 section 3). Dates are YYYY-MM-DD. */
export const batchSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  mnfBatchCode: z.string().nullable(),
  admissionDate: z.string().nullable(),
  manufacturingDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  qualityControlApprovedOrNotRequired: z.boolean(),
  itemCode: z.string(),
  itemName: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchesAnswerSchema = z.array(batchSchema);

/** Serial (spec 01 section 3). */
export const serialSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  lotCode: z.string().nullable(),
  mnfLotCode: z.string().nullable(),
  mnfSerialCode: z.string().nullable(),
  internalSerialCode: z.string().nullable(),
  admissionDate: z.string().nullable(),
  manufacturingDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  qualityControlApprovedOrNotRequired: z.boolean(),
  itemCode: z.string(),
  itemName: z.string(),
});
export type Serial = z.infer<typeof serialSchema>;
export const serialsAnswerSchema = z.array(serialSchema);

/** Whether a batch or serial expired: its expiration is before now (spec 01 section 2); a date alone means its start in UTC. */
export function isExpired(expirationDate: string | null, now: Date = new Date()): boolean {
  if (!expirationDate) return false;
  const at = Date.parse(expirationDate.length === 10 ? `${expirationDate}T00:00:00Z` : expirationDate);
  return Number.isFinite(at) && at < now.getTime();
}

export const businessPartnerTypes = ['CUSTOMER', 'SUPPLIER', 'LEAD'] as const;
export const businessPartnerSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  type: z.string(),
});
export type BusinessPartner = z.infer<typeof businessPartnerSchema>;
export const businessPartnersAnswerSchema = z.array(businessPartnerSchema);

/** Order summary (spec 01 section 3) with what a dialog or a preferred-order field needs. */
export const orderSummarySchema = z.object({
  type: z.enum(documentTypes),
  code: z.string(),
  visualCode: z.string(),
  status: z.string(),
  businessPartnerCode: z.string().nullable(),
  businessPartnerName: z.string().nullable(),
  shipDate: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderSummariesAnswerSchema = z.array(orderSummarySchema);
/** Document types getOrder answers for. */
export const orderTypes = ['SALES_ORDER', 'PURCHASE_ORDER', 'PRODUCTION_ORDER'] as const;

/** Object types a custom grid can belong to, and that a column can reference (spec 01 section 3). */
export const customGridObjectTypes = ['items', 'binLocations', 'batches', 'serials'] as const;
export type CustomGridObjectType = (typeof customGridObjectTypes)[number];
export const customGridColumnSchema = z.object({
  label: z.string(),
  name: z.string(),
  /** The cell holds a code of this object type: the web shows it as an object link. */
  referenceToObject: z.enum(customGridObjectTypes).nullable(),
});
export const customGridParamSchema = z.object({
  objectType: z.enum(customGridObjectTypes),
  index: z.coerce.number().int().min(0).max(99),
  code: z.string().trim().min(1).max(100),
});
export const customGridTypeParamSchema = z.object({ objectType: z.enum(customGridObjectTypes) });
export const customGridSchema = z.object({
  title: z.string(),
  columns: z.array(customGridColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export const customGridTitlesAnswerSchema = z.array(z.object({ index: z.number().int(), title: z.string() }));
