import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { documentTypes } from './items.js';

/**
 * Object lookups for the detail dialogs and object-reference fields.
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
 */
export const lookupLimit = 20;
export const lookupCodeParamSchema = z.object({ code: z.string().trim().min(1).max(100) });
export type LookupCodeParams = z.infer<typeof lookupCodeParamSchema>;
export const lookupTextParamSchema = z.object({ text: searchTextSchema });
export type LookupTextParams = z.infer<typeof lookupTextParamSchema>;
export const lookupItemQuerySchema = z.object({ itemCode: z.string().trim().min(1).max(100).optional() });
export type LookupItemQuery = z.input<typeof lookupItemQuerySchema>;

/** Batch. Dates are YYYY-MM-DD. */
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
export type BatchesAnswer = z.infer<typeof batchesAnswerSchema>;

/** Serial. */
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
export type SerialsAnswer = z.infer<typeof serialsAnswerSchema>;

/** Whether a batch or serial expired: its expiration is before now; a date alone means its start in UTC. */
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
export type BusinessPartnersAnswer = z.infer<typeof businessPartnersAnswerSchema>;

/** Order summary with what a dialog or a preferred-order field needs. */
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
export type OrderSummariesAnswer = z.infer<typeof orderSummariesAnswerSchema>;
/** Document types getOrder answers for. */
export const orderTypes = ['SALES_ORDER', 'PURCHASE_ORDER', 'PRODUCTION_ORDER'] as const;

const information = rolesAccess('information');

/**
 * The lookups (batch, serial, business partner, order). Query keys start with 'lookups' and the
 * code or text asked for.
 */
export const lookupEndpoints = defineEndpoints('lookups', {
  findBatches: {
    method: 'GET',
    path: '/api/v1/batch/find/:code',
    access: information,
    params: lookupCodeParamSchema,
    query: lookupItemQuerySchema,
    answer: batchesAnswerSchema,
  },
  autocompleteBatches: {
    method: 'GET',
    path: '/api/v1/batch/autocomplete/:text',
    access: information,
    params: lookupTextParamSchema,
    query: lookupItemQuerySchema,
    answer: batchesAnswerSchema,
  },
  findSerials: {
    method: 'GET',
    path: '/api/v1/serial/find/:code',
    access: information,
    params: lookupCodeParamSchema,
    query: lookupItemQuerySchema,
    answer: serialsAnswerSchema,
  },
  autocompleteSerials: {
    method: 'GET',
    path: '/api/v1/serial/autocomplete/:text',
    access: information,
    params: lookupTextParamSchema,
    query: lookupItemQuerySchema,
    answer: serialsAnswerSchema,
  },
  autocompleteBusinessPartners: {
    method: 'GET',
    path: '/api/v1/bp/autocomplete/:text',
    access: information,
    params: lookupTextParamSchema,
    answer: businessPartnersAnswerSchema,
  },
  businessPartner: {
    method: 'GET',
    path: '/api/v1/bp/:code',
    access: information,
    params: lookupCodeParamSchema,
    answer: businessPartnerSchema,
  },
  autocompleteOrders: {
    method: 'GET',
    path: '/api/v1/order/autocomplete/:text',
    access: information,
    params: lookupTextParamSchema,
    answer: orderSummariesAnswerSchema,
  },
  order: {
    method: 'GET',
    path: '/api/v1/order/:code',
    access: information,
    params: lookupCodeParamSchema,
    answer: orderSummarySchema,
  },
});
