import { z } from 'zod';
import { workTypes } from '../enums.js';
import { binLocationCodeParamSchema } from './bin-locations.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * The lists the setup apps work through (/setup/item_barcoder, /default_item_location_configurer).
 * Every list is bounded: a location walk at most itemsWithoutBarcodeLimit items, the warehouse
 * lists a page of at most setupPageLimit rows with hasMore.
 *
 * - GET /api/v1/bin_location/{code}/items_without_barcode             barcodeSetup
 * - GET /api/v1/default_item_location/{whsCode}?offset&limit           defaultItemBinLocationEdit
 * - GET /api/v1/default_item_location/{whsCode}/locations_without_default?offset&limit
 * - GET /api/v1/default_item_location/{whsCode}/items_without_default?offset&limit
 */

/** The most items one location walk lists. */
export const itemsWithoutBarcodeLimit = 500;
/** The largest page of a warehouse list. */
export const setupPageLimit = 500;

const itemRefSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  units: z.string().nullable(),
});
export type SetupItemRef = z.infer<typeof itemRefSchema>;

/** An item in stock at the location whose three barcode slots are all empty. */
export const itemWithoutBarcodeSchema = itemRefSchema.extend({
  /** What the location holds of it (all batches and serials). */
  /** null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
  onHandQty: z.number().nullable(),
});
export type ItemWithoutBarcode = z.infer<typeof itemWithoutBarcodeSchema>;
export const itemsWithoutBarcodeAnswerSchema = z.object({
  location: z.object({ code: z.string(), visualCode: z.string(), warehouseCode: z.string() }),
  /** By item code. */
  items: z.array(itemWithoutBarcodeSchema).max(itemsWithoutBarcodeLimit),
  /** More items than the limit have no barcode: the walk shows the first ones. */
  truncated: z.boolean(),
});
export type ItemsWithoutBarcodeAnswer = z.infer<typeof itemsWithoutBarcodeAnswerSchema>;

export const warehouseCodeParamSchema = z.object({ whsCode: z.string().trim().min(1).max(100) });
export type WarehouseCodeParams = z.infer<typeof warehouseCodeParamSchema>;
export const setupPageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(setupPageLimit).default(200),
});
export type SetupPageQuery = z.input<typeof setupPageQuerySchema>;

const page = {
  warehouse: z.object({ code: z.string(), name: z.string() }),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Rows follow this page (ask again from offset + rows.length). */
  hasMore: z.boolean(),
};

/** A default item location of the warehouse: the item, its bin and levels, and what the bin holds of it. */
export const warehouseDefaultLocationSchema = z.object({
  item: itemRefSchema,
  binLocation: z.object({ code: z.string(), visualCode: z.string(), stockMovementRestricted: z.boolean() }),
  enforced: z.boolean(),
  minStock: z.number().nullable(),
  maxStock: z.number().nullable(),
  /** The row's version: an edit sends it (setDefaultLocation), a stale one gets 412. */
  version: z.number().int(),
  /** onHandQty of the item in its default bin. */
  /** null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
  onHandQty: z.number().nullable(),
});
export type WarehouseDefaultLocation = z.infer<typeof warehouseDefaultLocationSchema>;
export const warehouseDefaultLocationsAnswerSchema = z.object({
  ...page,
  /** By item code. */
  rows: z.array(warehouseDefaultLocationSchema),
});
export type WarehouseDefaultLocationsAnswer = z.infer<typeof warehouseDefaultLocationsAnswerSchema>;

/** A storage location (BULK or PICK) of the warehouse that holds stock but is no item's default location. */
export const locationWithoutDefaultSchema = z.object({
  location: z.object({ code: z.string(), visualCode: z.string(), locationType: z.enum(workTypes) }),
  itemCount: z.number().int(),
  /** null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
  onHandQty: z.number().nullable(),
  /** The first item codes it holds (at most 5, by code). */
  items: z.array(z.string()),
});
export type LocationWithoutDefault = z.infer<typeof locationWithoutDefaultSchema>;
export const locationsWithoutDefaultAnswerSchema = z.object({
  ...page,
  /** By location code. */
  rows: z.array(locationWithoutDefaultSchema),
});
export type LocationsWithoutDefaultAnswer = z.infer<typeof locationsWithoutDefaultAnswerSchema>;

/** An active stock item without a default bin in the warehouse, with what the warehouse holds of it. */
export const itemWithoutDefaultSchema = z.object({
  item: itemRefSchema,
  /** null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189). */
  onHandQty: z.number().nullable(),
  locationCount: z.number().int(),
});
export type ItemWithoutDefault = z.infer<typeof itemWithoutDefaultSchema>;
export const itemsWithoutDefaultAnswerSchema = z.object({
  ...page,
  /** Items the warehouse holds first, then the others; each group by item code. */
  rows: z.array(itemWithoutDefaultSchema),
});
export type ItemsWithoutDefaultAnswer = z.infer<typeof itemsWithoutDefaultAnswerSchema>;

const defaultLocationEdit = rolesAccess('defaultItemBinLocationEdit');

/** Query keys start with 'setupLists'. */
export const setupListEndpoints = defineEndpoints('setupLists', {
  itemsWithoutBarcode: {
    method: 'GET',
    path: '/api/v1/bin_location/:code/items_without_barcode',
    access: rolesAccess('barcodeSetup'),
    params: binLocationCodeParamSchema,
    answer: itemsWithoutBarcodeAnswerSchema,
  },
  warehouseDefaults: {
    method: 'GET',
    path: '/api/v1/default_item_location/:whsCode',
    access: defaultLocationEdit,
    params: warehouseCodeParamSchema,
    query: setupPageQuerySchema,
    answer: warehouseDefaultLocationsAnswerSchema,
  },
  locationsWithoutDefault: {
    method: 'GET',
    path: '/api/v1/default_item_location/:whsCode/locations_without_default',
    access: defaultLocationEdit,
    params: warehouseCodeParamSchema,
    query: setupPageQuerySchema,
    answer: locationsWithoutDefaultAnswerSchema,
  },
  itemsWithoutDefault: {
    method: 'GET',
    path: '/api/v1/default_item_location/:whsCode/items_without_default',
    access: defaultLocationEdit,
    params: warehouseCodeParamSchema,
    query: setupPageQuerySchema,
    answer: itemsWithoutDefaultAnswerSchema,
  },
});
