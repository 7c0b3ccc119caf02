import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { locationTypes, workTypes } from '../enums.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { labelPrinterSchema } from './item-actions.js';
import { historyQuerySchema, ledgerLineFields } from './items.js';
import { printAnswerSchema } from './printers.js';

/**
 * Bin locations under /api/v1/bin_location/.
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
export type BinLocationType = z.infer<typeof locationTypeSchema>;
export const physicalLocationTypeSchema = z.enum(locationTypes);
export type BinLocationPhysicalType = z.infer<typeof physicalLocationTypeSchema>;
export const countingStates = ['NO', 'YES', 'PARTIAL'] as const;
export type CountingState = (typeof countingStates)[number];

export const binLocationCodeParamSchema = z.object({ code: z.string().trim().min(1).max(100) });
export type BinLocationCodeParams = z.infer<typeof binLocationCodeParamSchema>;
export const binLocationAutocompleteParamSchema = z.object({ text: searchTextSchema });
export type BinLocationAutocompleteParams = z.infer<typeof binLocationAutocompleteParamSchema>;
export const binLocationAutocompleteLimit = 20;

export const binLocationAttributeSchema = z.object({ name: z.string(), value: z.string() });
export type BinLocationAttribute = z.infer<typeof binLocationAttributeSchema>;

/** A bin location with all its fields. */
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
export type BinLocationSuggestion = z.infer<typeof binLocationSuggestionSchema>;
export const binLocationAutocompleteAnswerSchema = z
  .array(binLocationSuggestionSchema)
  .max(binLocationAutocompleteLimit);
export type BinLocationAutocompleteAnswer = z.infer<typeof binLocationAutocompleteAnswerSchema>;

export const warehouseSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehousesAnswerSchema = z.array(warehouseSchema);
export type WarehousesAnswer = z.infer<typeof warehousesAnswerSchema>;

/** null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
const buckets = {
  onHandQty: z.number().nullable(),
  freeToMoveQty: z.number().nullable(),
  releasedQty: z.number().nullable(),
  pickQty: z.number().nullable(),
  qcPendingQty: z.number().nullable(),
};

/** Location contents: per item, with batches holding serials beneath. */
export const locationContentSerialSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  lotCode: z.string().nullable(),
  expirationDate: z.string().nullable(),
  ...buckets,
});
export type LocationContentSerial = z.infer<typeof locationContentSerialSchema>;
export const locationContentBatchSchema = z.object({
  /** null groups the item's serials that have no batch. */
  code: z.string().nullable(),
  visualCode: z.string().nullable(),
  expirationDate: z.string().nullable(),
  ...buckets,
  serials: z.array(locationContentSerialSchema),
});
export type LocationContentBatch = z.infer<typeof locationContentBatchSchema>;
export const locationContentRowSchema = z.object({
  item: z.object({ code: z.string(), visualCode: z.string(), name: z.string(), units: z.string().nullable() }),
  ...buckets,
  batches: z.array(locationContentBatchSchema),
});
export type LocationContentRow = z.infer<typeof locationContentRowSchema>;
export const locationContentsAnswerSchema = z.array(locationContentRowSchema);
export type LocationContentsAnswer = z.infer<typeof locationContentsAnswerSchema>;

export const locationHistoryQuerySchema = historyQuerySchema;
export type LocationHistoryQuery = z.input<typeof locationHistoryQuerySchema>;
/** A location history row, newest first. */
export const locationHistoryRowSchema = z.object({ ...ledgerLineFields, item: z.string() });
export type LocationHistoryRow = z.infer<typeof locationHistoryRowSchema>;
export const locationHistoryAnswerSchema = z.object({
  rows: z.array(locationHistoryRowSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type LocationHistoryAnswer = z.infer<typeof locationHistoryAnswerSchema>;

/** isDefaultLocationFor: the items that have this location as a default. */
export const defaultItemForLocationSchema = z.object({
  item: z.object({ code: z.string(), visualCode: z.string(), name: z.string() }),
  enforced: z.boolean(),
  minStock: z.number().nullable(),
  maxStock: z.number().nullable(),
});
export type DefaultItemForLocation = z.infer<typeof defaultItemForLocationSchema>;
export const defaultItemsForLocationAnswerSchema = z.array(defaultItemForLocationSchema);
export type DefaultItemsForLocationAnswer = z.infer<typeof defaultItemsForLocationAnswerSchema>;

/** setPreferredOrderCode: an order code (getOrder must know it), or null to clear. */
export const setPreferredOrderRequestSchema = z.object({
  orderCode: z.string().trim().min(1).max(100).nullable(),
});
export type SetPreferredOrderRequest = z.input<typeof setPreferredOrderRequestSchema>;

/**
 * setCountingState: NO -> YES (full), NO -> PARTIAL (itemsToCount, at least
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

/** getItemsToCount: the items a partial count covers. */
export const itemToCountSchema = z.object({ code: z.string(), visualCode: z.string(), name: z.string() });
export type ItemToCount = z.infer<typeof itemToCountSchema>;
export const itemsToCountAnswerSchema = z.array(itemToCountSchema);
export type ItemsToCountAnswer = z.infer<typeof itemsToCountAnswerSchema>;

export const readyForProcessingParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  ready: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
export type ReadyForProcessingParams = z.input<typeof readyForProcessingParamSchema>;
export const setLocationBarcodeRequestSchema = z.object({
  barcode: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .transform((b) => (b === '' ? null : b)),
});
export type SetLocationBarcodeRequest = z.input<typeof setLocationBarcodeRequestSchema>;
export const locationTypeParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: locationTypeSchema,
});
export type LocationTypeParams = z.infer<typeof locationTypeParamSchema>;
export const physicalLocationTypeParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: physicalLocationTypeSchema,
});
export type PhysicalLocationTypeParams = z.infer<typeof physicalLocationTypeParamSchema>;

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

const information = rolesAccess('information');
const editLocation = rolesAccess('informationAuthEditLocation');
const barcodeSetup = rolesAccess('barcodeSetup');

/**
 * The bin location endpoints. Query keys start with 'binLocations' and
 * the location's `{ code }`, so `['binLocations', { code }]` refreshes every read of one location.
 */
export const binLocationEndpoints = defineEndpoints('binLocations', {
  warehouses: {
    method: 'GET',
    path: '/api/v1/bin_location/warehouses',
    access: information,
    answer: warehousesAnswerSchema,
  },
  find: {
    method: 'GET',
    path: '/api/v1/bin_location/find/:code',
    access: information,
    params: binLocationCodeParamSchema,
    answer: binLocationSchema,
  },
  autocomplete: {
    method: 'GET',
    path: '/api/v1/bin_location/autocomplete/:text',
    access: information,
    params: binLocationAutocompleteParamSchema,
    answer: binLocationAutocompleteAnswerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/v1/bin_location/:code',
    access: information,
    params: binLocationCodeParamSchema,
    answer: binLocationSchema,
  },
  contents: {
    method: 'GET',
    path: '/api/v1/bin_location/:code/contents',
    access: information,
    params: binLocationCodeParamSchema,
    answer: locationContentsAnswerSchema,
  },
  history: {
    method: 'GET',
    path: '/api/v1/bin_location/:code/history',
    access: information,
    params: binLocationCodeParamSchema,
    query: locationHistoryQuerySchema,
    answer: locationHistoryAnswerSchema,
  },
  defaultFor: {
    method: 'GET',
    path: '/api/v1/bin_location/:code/default_for',
    access: information,
    params: binLocationCodeParamSchema,
    answer: defaultItemsForLocationAnswerSchema,
  },
  itemsToCount: {
    method: 'GET',
    path: '/api/v1/bin_location/:code/counting/items',
    access: information,
    params: binLocationCodeParamSchema,
    answer: itemsToCountAnswerSchema,
  },
  setPreferredOrder: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/preferredOrder',
    access: editLocation,
    params: binLocationCodeParamSchema,
    body: setPreferredOrderRequestSchema,
    answer: binLocationSchema,
  },
  setCountingState: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/set_counting',
    access: rolesAccess('informationAuthSetCountingState'),
    params: binLocationCodeParamSchema,
    body: setCountingStateRequestSchema,
    answer: binLocationSchema,
  },
  setReadyForProcessing: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/readyForProcessing/:ready',
    access: editLocation,
    params: readyForProcessingParamSchema,
    answer: binLocationSchema,
  },
  setBarcode: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/barcode',
    access: barcodeSetup,
    params: binLocationCodeParamSchema,
    body: setLocationBarcodeRequestSchema,
    answer: binLocationSchema,
  },
  setLocationType: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/type/:type',
    access: barcodeSetup,
    params: locationTypeParamSchema,
    answer: binLocationSchema,
  },
  setPhysicalLocationType: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/physical_type/:type',
    access: barcodeSetup,
    params: physicalLocationTypeParamSchema,
    answer: binLocationSchema,
  },
  label: {
    method: 'POST',
    path: '/api/v1/bin_location/label',
    access: information,
    body: locationLabelRequestSchema,
    answer: printAnswerSchema,
  },
  largeLabel: {
    method: 'POST',
    path: '/api/v1/bin_location/large_label',
    access: information,
    body: locationLabelRequestSchema,
    answer: printAnswerSchema,
  },
});
