import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { binLocationSchema, locationTypeSchema, physicalLocationTypeSchema } from './bin-locations.js';
import { itemSchema, managedBySchema } from './items.js';
import { businessPartnerTypes } from './lookups.js';

/**
 * Standalone master data (docs/decisions/0179-standalone-master-data.md): items, bin locations,
 * warehouses and business partners with their addresses, created and edited in the WMS itself
 * when no ERP owns them. Every route needs masterDataManager (admin has it). With an ERP type
 * other than NONE every write answers 409 masterDataOwnedByErp {erpType}; reads still answer.
 *
 * - GET   /api/v1/master_data/items?text&active&offset&limit            bounded page, code order
 * - GET   /api/v1/master_data/items/{code}
 * - POST  /api/v1/master_data/items                                      201; managedBy only here
 * - PATCH /api/v1/master_data/items/{code}            {version, ...fields to change}
 * - GET   /api/v1/master_data/bin_locations?text&active&warehouseCode&offset&limit
 * - GET   /api/v1/master_data/bin_locations/{code}
 * - POST  /api/v1/master_data/bin_locations                              201
 * - PATCH /api/v1/master_data/bin_locations/{code}    {version, ...}; attributes replace all
 * - GET   /api/v1/master_data/warehouses?text&active&offset&limit
 * - GET   /api/v1/master_data/warehouses/{code}
 * - POST  /api/v1/master_data/warehouses                                 201
 * - PATCH /api/v1/master_data/warehouses/{code}       {version, ...}
 * - GET   /api/v1/master_data/business_partners?text&active&type&offset&limit
 * - GET   /api/v1/master_data/business_partners/{code}                   with its addresses
 * - POST  /api/v1/master_data/business_partners                          201 (addresses optional)
 * - PATCH /api/v1/master_data/business_partners/{code} {version, ...}
 * - POST  /api/v1/master_data/business_partners/{code}/addresses         201: the partner
 * - PATCH /api/v1/master_data/business_partners/{code}/addresses/{addressCode} {version, ...}: the partner
 *
 * Codes are the identity: set on create, never changed (nor an item's managedBy, which the
 * managed-by conversion changes, nor a location's warehouse). Nothing is deleted: `active:
 * false` deactivates, `active: true` brings it back. An item or location holding stock, or a
 * warehouse whose locations hold stock, is not deactivated (422 masterDataHoldsStock {code}).
 *
 * Refusals: 400 input that fails the schema; 403 without masterDataManager; 404 unknownItemForCode,
 * unknownLocation, unknownWarehouse, unknownBusinessPartner, unknownBusinessPartnerAddress;
 * 409 masterDataOwnedByErp {erpType}, codeAlreadyExists {code} (case-insensitive; partner codes
 * also zero-padded); 412 optimisticLockConflict (a stale version); 422 barcodeAlreadyAssigned
 * {barcode, owner, itemCode | locationCode} (a barcode is unique across items, their three slots
 * and bin locations, and is no other item's or location's code; a location barcode that is
 * another location's: barcodeInUse {barcode, owner}), minStockGreaterThanMaxStock {minStock,
 * maxStock}, warehouseInactive {code}, locationNotInWarehouse {location, warehouse} (a location's
 * warehouse does not change), masterDataHoldsStock {code}.
 *
 * Every item write publishes ITEM_CHANGED, every location write BIN_LOCATION_CHANGED, after the
 * commit. The same rules check the rows of the master-data importers (contract importers.ts:
 * items, warehouses, bin_locations, business_partners, default_item_locations, opening_stock).
 */

export const pickingStrategies = ['FIFO', 'FEFO', 'LIFO'] as const;
export const pickingStrategySchema = z.enum(pickingStrategies);
export const productionIssueMethods = ['MANUAL', 'BACKFLUSH'] as const;
export const productionIssueMethodSchema = z.enum(productionIssueMethods);
export const productionMaterialToleranceTypes = ['PERCENTAGE', 'QUANTITY'] as const;
export const productionMaterialToleranceTypeSchema = z.enum(productionMaterialToleranceTypes);
/** Which receipts make an item's stock QC-pending (features/quality-control qc-requests.service.ts). */
export const blockForQcTypes = [
  'NEVER',
  'PURCHASE_RECEIPT',
  'PRODUCTION_RECEIPT',
  'RETURN',
  'ALL_RECEIPTS',
  'ALWAYS',
] as const;
export const blockForQcTypeSchema = z.enum(blockForQcTypes);
export const businessPartnerTypeSchema = z.enum(businessPartnerTypes);

/** Bounds of the master-data fields (the importers hold cells to the same). */
export const masterDataLimits = {
  codeLength: 100,
  nameLength: 200,
  textLength: 200,
  barcodeLength: 200,
  attributes: 100,
  addresses: 100,
  pageMax: 500,
  /** The largest quantity a field holds (thousandths stay a safe integer). */
  maxQuantity: 1_000_000_000,
} as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
const noControl = (text: string) => !controlCharacter.test(text);

/** A code: trimmed, 1 to 100 characters, no control characters. */
export const masterDataCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(masterDataLimits.codeLength)
  .refine(noControl, 'no control characters');
const nameSchema = z.string().trim().min(1).max(masterDataLimits.nameLength).refine(noControl);
/** Optional text: '' and null clear it. */
const optionalText = (max: number = masterDataLimits.textLength) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noControl)
    .nullable()
    .transform((value) => (value === '' ? null : value));
const barcodeSchema = optionalText(masterDataLimits.barcodeLength);
const quantitySchema = z.number().min(0).max(masterDataLimits.maxQuantity);
const positiveQuantitySchema = z.number().positive().max(masterDataLimits.maxQuantity);

export const masterDataCodeParamsSchema = z.object({ code: masterDataCodeSchema });
export const addressParamsSchema = z.object({ code: masterDataCodeSchema, addressCode: masterDataCodeSchema });

export const activeFilters = ['true', 'false', 'all'] as const;
const listQueryFields = {
  /** Contained in the code or the name (case-insensitive). */
  text: searchTextSchema.optional(),
  /** Default: active ones only. */
  active: z.enum(activeFilters).default('true'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(masterDataLimits.pageMax).default(100),
};
export const masterDataListQuerySchema = z.object(listQueryFields);
export type MasterDataListQuery = z.input<typeof masterDataListQuerySchema>;
export const binLocationListQuerySchema = z.object({
  ...listQueryFields,
  warehouseCode: masterDataCodeSchema.optional(),
});
export type BinLocationListQuery = z.input<typeof binLocationListQuerySchema>;
export const businessPartnerListQuerySchema = z.object({
  ...listQueryFields,
  type: businessPartnerTypeSchema.optional(),
});
export type BusinessPartnerListQuery = z.input<typeof businessPartnerListQuerySchema>;

const page = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });

// --- items -------------------------------------------------------------------------------------

/** The item fields a user maintains (every item field but images, density and the derived flags), each optional in an update. */
const itemFields = {
  visualCode: optionalText(masterDataLimits.codeLength),
  name: nameSchema,
  secondName: optionalText(masterDataLimits.nameLength),
  barcode: barcodeSchema,
  barcode2: barcodeSchema,
  barcode3: barcodeSchema,
  /** How many units one scan of the barcode counts (default 1). */
  barcodeInvQty: positiveQuantitySchema,
  barcode2InvQty: positiveQuantitySchema,
  barcode3InvQty: positiveQuantitySchema,
  units: optionalText(50),
  groupName: optionalText(),
  serialManagedByDispatch: z.boolean(),
  avgPrice: quantitySchema.nullable(),
  active: z.boolean(),
  isStockItem: z.boolean(),
  isSalesBomItem: z.boolean(),
  isProductionItem: z.boolean(),
  weightInMg: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  productionIssueMethod: productionIssueMethodSchema.nullable(),
  productionMaterialToleranceValue: quantitySchema.nullable(),
  productionMaterialToleranceType: productionMaterialToleranceTypeSchema.nullable(),
  blockForQcType: blockForQcTypeSchema.nullable(),
  receiptScanPreferences: z
    .object({
      scanExpirationDate: z.boolean(),
      scanManufacturingDate: z.boolean(),
      scanManufacturingBatch: z.boolean(),
      scanManufacturingSerial: z.boolean(),
    })
    .partial(),
};
export const itemCreateRequestSchema = z
  .object(itemFields)
  .partial()
  .extend({
    code: masterDataCodeSchema,
    name: nameSchema,
    /** The management type of a new item (default NORMAL); an existing item's is converted (managed-by conversion). */
    managedBy: managedBySchema.default('NORMAL'),
  });
export type ItemCreateRequest = z.input<typeof itemCreateRequestSchema>;
export const itemUpdateRequestSchema = z.object(itemFields).partial().extend({ version: z.number().int().positive() });
export type ItemUpdateRequest = z.input<typeof itemUpdateRequestSchema>;
export const itemPageSchema = page(itemSchema);
export type ItemPage = z.infer<typeof itemPageSchema>;

// --- warehouses --------------------------------------------------------------------------------

export const warehouseMasterSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type WarehouseMaster = z.infer<typeof warehouseMasterSchema>;
const warehouseFields = {
  visualCode: optionalText(masterDataLimits.codeLength),
  name: nameSchema,
  active: z.boolean(),
};
export const warehouseCreateRequestSchema = z
  .object(warehouseFields)
  .partial()
  .extend({ code: masterDataCodeSchema, name: nameSchema });
export type WarehouseCreateRequest = z.input<typeof warehouseCreateRequestSchema>;
export const warehouseUpdateRequestSchema = z
  .object(warehouseFields)
  .partial()
  .extend({ version: z.number().int().positive() });
export type WarehouseUpdateRequest = z.input<typeof warehouseUpdateRequestSchema>;
export const warehousePageSchema = page(warehouseMasterSchema);
export type WarehousePage = z.infer<typeof warehousePageSchema>;

// --- bin locations -----------------------------------------------------------------------------

const attributeSchema = z.object({
  name: z.string().trim().min(1).max(100).refine(noControl),
  value: z.string().trim().max(masterDataLimits.textLength).refine(noControl),
});
/** User attributes: name and value pairs, names unique without regard to case. */
export const binLocationAttributesSchema = z
  .array(attributeSchema)
  .max(masterDataLimits.attributes)
  .refine(
    (attributes) => new Set(attributes.map((a) => a.name.toLowerCase())).size === attributes.length,
    'attribute names must be unique',
  );
const binLocationFields = {
  visualCode: optionalText(masterDataLimits.codeLength),
  barcode: barcodeSchema,
  minimalStockLevel: quantitySchema.nullable(),
  maximalStockLevel: quantitySchema.nullable(),
  locationType: locationTypeSchema,
  physicalLocationType: physicalLocationTypeSchema,
  pickingStrategy: pickingStrategySchema.nullable(),
  active: z.boolean(),
  stockMovementRestricted: z.boolean(),
  sortingCode: optionalText(),
  countingSortingCode: optionalText(),
  preferredOrderCode: optionalText(),
  /** Replaces every attribute of the location. */
  attributes: binLocationAttributesSchema,
};
export const binLocationCreateRequestSchema = z
  .object(binLocationFields)
  .partial()
  .extend({ code: masterDataCodeSchema, warehouseCode: masterDataCodeSchema });
export type BinLocationCreateRequest = z.input<typeof binLocationCreateRequestSchema>;
export const binLocationUpdateRequestSchema = z
  .object(binLocationFields)
  .partial()
  .extend({ version: z.number().int().positive() });
export type BinLocationUpdateRequest = z.input<typeof binLocationUpdateRequestSchema>;
export const binLocationPageSchema = page(binLocationSchema);
export type BinLocationPage = z.infer<typeof binLocationPageSchema>;

// --- business partners -------------------------------------------------------------------------

export const businessPartnerAddressSchema = z.object({
  code: z.string(),
  name: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: z.string().nullable(),
  /** At most one address of a partner is its default ship-to. */
  isDefaultShipTo: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
});
export type BusinessPartnerAddress = z.infer<typeof businessPartnerAddressSchema>;
export const businessPartnerMasterSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  type: businessPartnerTypeSchema,
  active: z.boolean(),
  version: z.number().int(),
  addresses: z.array(businessPartnerAddressSchema),
});
export type BusinessPartnerMaster = z.infer<typeof businessPartnerMasterSchema>;

const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')
  .nullable();
const addressFields = {
  name: optionalText(),
  street: optionalText(),
  postcode: optionalText(20),
  city: optionalText(),
  countryCode: countryCodeSchema,
  isDefaultShipTo: z.boolean(),
  active: z.boolean(),
};
export const addressCreateRequestSchema = z.object(addressFields).partial().extend({ code: masterDataCodeSchema });
export type AddressCreateRequest = z.input<typeof addressCreateRequestSchema>;
export const addressUpdateRequestSchema = z
  .object(addressFields)
  .partial()
  .extend({ version: z.number().int().positive() });
export type AddressUpdateRequest = z.input<typeof addressUpdateRequestSchema>;

const partnerFields = {
  visualCode: optionalText(masterDataLimits.codeLength),
  name: nameSchema,
  type: businessPartnerTypeSchema,
  active: z.boolean(),
};
export const businessPartnerCreateRequestSchema = z
  .object(partnerFields)
  .partial()
  .extend({
    code: masterDataCodeSchema,
    name: nameSchema,
    type: businessPartnerTypeSchema,
    addresses: z
      .array(addressCreateRequestSchema)
      .max(masterDataLimits.addresses)
      .refine(
        (addresses) => new Set(addresses.map((a) => a.code.toLowerCase())).size === addresses.length,
        'address codes must be unique',
      )
      .optional(),
  });
export type BusinessPartnerCreateRequest = z.input<typeof businessPartnerCreateRequestSchema>;
export const businessPartnerUpdateRequestSchema = z
  .object(partnerFields)
  .partial()
  .extend({ version: z.number().int().positive() });
export type BusinessPartnerUpdateRequest = z.input<typeof businessPartnerUpdateRequestSchema>;
export const businessPartnerPageSchema = page(businessPartnerMasterSchema);
export type BusinessPartnerPage = z.infer<typeof businessPartnerPageSchema>;

// --- endpoints ---------------------------------------------------------------------------------

const access = rolesAccess('masterDataManager');
const base = '/api/v1/master_data';
const code = masterDataCodeParamsSchema;

export const masterDataEndpoints = defineEndpoints('masterData', {
  listItems: { method: 'GET', path: `${base}/items`, access, query: masterDataListQuerySchema, answer: itemPageSchema },
  getItem: { method: 'GET', path: `${base}/items/:code`, access, params: code, answer: itemSchema },
  createItem: {
    method: 'POST',
    path: `${base}/items`,
    access,
    body: itemCreateRequestSchema,
    answer: itemSchema,
    status: 201,
  },
  updateItem: {
    method: 'PATCH',
    path: `${base}/items/:code`,
    access,
    params: code,
    body: itemUpdateRequestSchema,
    answer: itemSchema,
  },
  listBinLocations: {
    method: 'GET',
    path: `${base}/bin_locations`,
    access,
    query: binLocationListQuerySchema,
    answer: binLocationPageSchema,
  },
  getBinLocation: {
    method: 'GET',
    path: `${base}/bin_locations/:code`,
    access,
    params: code,
    answer: binLocationSchema,
  },
  createBinLocation: {
    method: 'POST',
    path: `${base}/bin_locations`,
    access,
    body: binLocationCreateRequestSchema,
    answer: binLocationSchema,
    status: 201,
  },
  updateBinLocation: {
    method: 'PATCH',
    path: `${base}/bin_locations/:code`,
    access,
    params: code,
    body: binLocationUpdateRequestSchema,
    answer: binLocationSchema,
  },
  listWarehouses: {
    method: 'GET',
    path: `${base}/warehouses`,
    access,
    query: masterDataListQuerySchema,
    answer: warehousePageSchema,
  },
  getWarehouse: {
    method: 'GET',
    path: `${base}/warehouses/:code`,
    access,
    params: code,
    answer: warehouseMasterSchema,
  },
  createWarehouse: {
    method: 'POST',
    path: `${base}/warehouses`,
    access,
    body: warehouseCreateRequestSchema,
    answer: warehouseMasterSchema,
    status: 201,
  },
  updateWarehouse: {
    method: 'PATCH',
    path: `${base}/warehouses/:code`,
    access,
    params: code,
    body: warehouseUpdateRequestSchema,
    answer: warehouseMasterSchema,
  },
  listBusinessPartners: {
    method: 'GET',
    path: `${base}/business_partners`,
    access,
    query: businessPartnerListQuerySchema,
    answer: businessPartnerPageSchema,
  },
  getBusinessPartner: {
    method: 'GET',
    path: `${base}/business_partners/:code`,
    access,
    params: code,
    answer: businessPartnerMasterSchema,
  },
  createBusinessPartner: {
    method: 'POST',
    path: `${base}/business_partners`,
    access,
    body: businessPartnerCreateRequestSchema,
    answer: businessPartnerMasterSchema,
    status: 201,
  },
  updateBusinessPartner: {
    method: 'PATCH',
    path: `${base}/business_partners/:code`,
    access,
    params: code,
    body: businessPartnerUpdateRequestSchema,
    answer: businessPartnerMasterSchema,
  },
  createAddress: {
    method: 'POST',
    path: `${base}/business_partners/:code/addresses`,
    access,
    params: code,
    body: addressCreateRequestSchema,
    answer: businessPartnerMasterSchema,
    status: 201,
  },
  updateAddress: {
    method: 'PATCH',
    path: `${base}/business_partners/:code/addresses/:addressCode`,
    access,
    params: addressParamsSchema,
    body: addressUpdateRequestSchema,
    answer: businessPartnerMasterSchema,
  },
});
