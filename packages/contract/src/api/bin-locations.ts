import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { locationTypes, workTypes } from '../enums.js';
import { labelPrinterSchema } from './item-actions.js';
import { historyQuerySchema, ledgerLineFields } from './items.js';

/**
 * Bin locations (spec 01 sections 2-7; spec 02 section 7 Bin locations) under /api/v1/bin_location/.
 * Every route needs `information`; the edits need the role named beside them.
 *
 * - GET  find/{code}                        by code or barcode (case-insensitive); 404 unknownLocation {code}
 * - GET  autocomplete/{text}                at most 20, code prefix first, then contains
 * - GET  warehouses                         getWarehouses
 * - GET  {code}                             getBinLocationAttributes: every field and the user attributes
 * - GET  {code}/contents                    getBinLocationContents
 * - GET  {code}/history?offset&limit        getHistory
 * - GET  {code}/default_for                 isDefaultLocationFor
 * - POST {code}/preferredOrder              setPreferredOrderCode {orderCode | null}   informationAuthEditLocation
 * - POST {code}/set_counting                setCountingState                           informationAuthSetCountingState
 * - GET  {code}/counting/items              getItemsToCount
 * - POST {code}/readyForProcessing/{bool}   setReadyForProcessing (MOBILE only)        informationAuthEditLocation
 * - POST {code}/barcode                     setBarcode {barcode | null}                barcodeSetup
 * - POST {code}/type/{type}                 setLocationType                            barcodeSetup
 * - POST {code}/physical_type/{type}        setPhysicalLocationType                    barcodeSetup
 * - POST label, large_label                 printLabel / printLargeLabel {printer, locations}
 *
 * Every edit answers the updated bin location and publishes BIN_LOCATION_CHANGED.
 */
export const locationTypeSchema = z.enum(workTypes);
export const physicalLocationTypeSchema = z.enum(locationTypes);
export const countingStates = ['NO', 'YES', 'PARTIAL'] as const;
export type CountingState = (typeof countingStates)[number];

export const binLocationCodeParamSchema = z.object({ code: z.string().trim().min(1).max(100) });
export const binLocationAutocompleteParamSchema = z.object({ text: searchTextSchema });
export const binLocationAutocompleteLimit = 20;

export const binLocationAttributeSchema = z.object({ name: z.string(), value: z.string() });

/** A bin location with every field of spec 01 section 3. */
export const binLocationSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  barcode: z.string().nullable(),
  minimalStockLevel: z.number().nullable(),
  maximalStockLevel: z.number().nullable(),
  locationType: locationTypeSchema,
  physicalLocationType: physicalLocationTypeSchema,
  pickingStrategy: z.string().nullable(),
  active: z.boolean(),
  stockMovementRestricted: z.boolean(),
  blockStockMovements: z.boolean(),
  blockStockMovementsReason: z.string().nullable(),
  sortingCode: z.string().nullable(),
  countingSortingCode: z.string().nullable(),
  preferredOrderCode: z.string().nullable(),
  requiresCounting: z.enum(countingStates),
  readyForProcessing: z.boolean(),
  attributes: z.array(binLocationAttributeSchema),
  version: z.number().int(),
});
export type BinLocation = z.infer<typeof binLocationSchema>;

export const binLocationSuggestionSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  warehouseCode: z.string(),
  barcode: z.string().nullable(),
});
export const binLocationAutocompleteAnswerSchema = z
  .array(binLocationSuggestionSchema)
  .max(binLocationAutocompleteLimit);

export const warehouseSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehousesAnswerSchema = z.array(warehouseSchema);

const buckets = {
  onHandQty: z.number(),
  freeToMoveQty: z.number(),
  releasedQty: z.number(),
  pickQty: z.number(),
  qcPendingQty: z.number(),
};

/** Location contents (spec 01 section 3): per item, with batches holding serials beneath. */
export const locationContentSerialSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  lotCode: z.string().nullable(),
  expirationDate: z.string().nullable(),
  ...buckets,
});
export const locationContentBatchSchema = z.object({
  /** null groups the item's serials that have no batch. */
  code: z.string().nullable(),
  visualCode: z.string().nullable(),
  expirationDate: z.string().nullable(),
  ...buckets,
  serials: z.array(locationContentSerialSchema),
});
export const locationContentRowSchema = z.object({
  item: z.object({ code: z.string(), visualCode: z.string(), name: z.string(), units: z.string().nullable() }),
  ...buckets,
  batches: z.array(locationContentBatchSchema),
});
export type LocationContentRow = z.infer<typeof locationContentRowSchema>;
export const locationContentsAnswerSchema = z.array(locationContentRowSchema);

export const locationHistoryQuerySchema = historyQuerySchema;
/** A location history row (spec 01 section 3), newest first. */
export const locationHistoryRowSchema = z.object({ ...ledgerLineFields, item: z.string() });
export const locationHistoryAnswerSchema = z.object({
  rows: z.array(locationHistoryRowSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});

/** isDefaultLocationFor: the items that have this location as a default (spec 01 section 3). */
export const defaultItemForLocationSchema = z.object({
  item: z.object({ code: z.string(), visualCode: z.string(), name: z.string() }),
  enforced: z.boolean(),
  minStock: z.number().nullable(),
  maxStock: z.number().nullable(),
});
export const defaultItemsForLocationAnswerSchema = z.array(defaultItemForLocationSchema);

/** setPreferredOrderCode: an order code (getOrder must know it), or null to clear. */
export const setPreferredOrderRequestSchema = z.object({
  orderCode: z.string().trim().min(1).max(100).nullable(),
});

/**
 * setCountingState (spec 01 section 4): NO -> YES (full), NO -> PARTIAL (itemsToCount, at least
 * one), YES or PARTIAL -> NO (mark counted), PARTIAL -> PARTIAL (edit the list). Any other
 * transition is 422 invalidCountingStateTransition {from, to}.
 */
export const setCountingStateRequestSchema = z
  .object({
    countingState: z.enum(countingStates),
    itemsToCount: z.array(z.string().trim().min(1).max(100)).max(1000).default([]),
  })
  .refine((r) => r.countingState !== 'PARTIAL' || r.itemsToCount.length > 0, {
    message: 'a partial count needs at least one item',
    path: ['itemsToCount'],
  });
export type SetCountingStateRequest = z.input<typeof setCountingStateRequestSchema>;

export const itemsToCountAnswerSchema = z.array(
  z.object({ code: z.string(), visualCode: z.string(), name: z.string() }),
);

export const readyForProcessingParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  ready: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
export const setLocationBarcodeRequestSchema = z.object({
  barcode: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .transform((b) => (b === '' ? null : b)),
});
export const locationTypeParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: locationTypeSchema,
});
export const physicalLocationTypeParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: physicalLocationTypeSchema,
});

/** printLabel / printLargeLabel for locations: `quantity` labels of each location. */
export const locationLabelRequestSchema = z.object({
  printer: labelPrinterSchema,
  locations: z
    .array(
      z.object({ code: z.string().trim().min(1).max(100), quantity: z.number().int().min(0).max(1000).default(1) }),
    )
    .min(1)
    .max(500),
});
export type LocationLabelRequest = z.input<typeof locationLabelRequestSchema>;
