import { z } from 'zod';
import { defineEndpoints, rolesAccess, signedInAccess } from './endpoint.js';
import { itemCodeParamSchema, itemSchema, managedBySchema } from './items.js';
import { printAnswerSchema } from './printers.js';

/**
 * Item actions: default locations, barcodes, management type, image and labels. Paths (the
 * product's own names under /api/v1/item/; the methods are ours):
 *
 * - GET  /api/v1/item/{code}/default_bin_locations?filter=present|active|all
 * - POST /api/v1/item/{code}/default_bin_locations/{whsCode}      defaultItemBinLocationEdit
 * - POST /api/v1/item/{code}/barcode                               barcodeSetup
 * - POST /api/v1/item/{code}/managedBy/{type}                      itemManagedByEdit, Idempotency-Key
 * - POST /api/v1/item/{code}/image   (multipart, field `file`)     barcodeSetup (master data editing)
 * - PUT  /api/v1/item/{code}                                       barcodeSetup (updateItem: imagePath)
 * - GET  /api/v1/item/{base64url code}/image                       signed in; the image bytes or 404
 * - POST /api/v1/item/label, /api/v1/item/large_label               information
 */

/** Default-locations filter: present (rows with a bin), active (active warehouses), all. */
export const defaultLocationFilters = ['present', 'active', 'all'] as const;
export type DefaultLocationFilter = (typeof defaultLocationFilters)[number];
export const defaultLocationsQuerySchema = z.object({
  filter: z.enum(defaultLocationFilters).default('present'),
});
export type DefaultLocationsQuery = z.input<typeof defaultLocationsQuerySchema>;

/** A default item location: one row per warehouse. */
export const defaultItemLocationSchema = z.object({
  whs: z.object({ code: z.string(), name: z.string(), active: z.boolean() }),
  binLocation: z.object({ code: z.string(), visualCode: z.string() }).nullable(),
  enforced: z.boolean(),
  minStock: z.number().nullable(),
  maxStock: z.number().nullable(),
  /** 0 when the warehouse has no row for the item yet. */
  version: z.number().int(),
});
export type DefaultItemLocation = z.infer<typeof defaultItemLocationSchema>;
export const defaultItemLocationsAnswerSchema = z.array(defaultItemLocationSchema);
export type DefaultItemLocationsAnswer = z.infer<typeof defaultItemLocationsAnswerSchema>;

export const itemWarehouseParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  whsCode: z.string().trim().min(1).max(100),
});
export type ItemWarehouseParams = z.infer<typeof itemWarehouseParamSchema>;

const stockLevel = z.number().finite().min(0).max(1e12).nullable();

/**
 * setDefaultLocation: locationCode null clears the bin; minStock and maxStock are floats. A
 * minStock above maxStock (compared as stored, in thousandths) is the business rule 422
 * minStockGreaterThanMaxStock, checked by the server, not a schema error.
 */
export const setDefaultLocationRequestSchema = z.object({
  locationCode: z.string().trim().min(1).max(100).nullable(),
  enforced: z.boolean().default(false),
  minStock: stockLevel.default(null),
  maxStock: stockLevel.default(null),
  /** The version read (0 for a warehouse without a row); a stale one gets 412. Omit to overwrite. */
  version: z.number().int().min(0).optional(),
});
export type SetDefaultLocationRequest = z.input<typeof setDefaultLocationRequestSchema>;

export const barcodeSlots = ['BARCODE1', 'BARCODE2', 'BARCODE3'] as const;
export type BarcodeSlot = (typeof barcodeSlots)[number];

/** setBarcode: barcode null (or empty) clears the slot; quantity is what one scan counts (default 1). */
export const setItemBarcodeRequestSchema = z.object({
  slot: z.enum(barcodeSlots),
  barcode: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .transform((b) => (b === '' ? null : b)),
  quantity: z.number().finite().positive().max(1e9).default(1),
  /**
   * The user confirmed a warning by scanning the same code again: a code of 8, 12, 13 or 14
   * digits with a wrong GS1 check digit is 422 invalidGtinCheckDigit until then.
   */
  confirmed: z.boolean().default(false),
});
export type SetItemBarcodeRequest = z.input<typeof setItemBarcodeRequestSchema>;

export const managedByParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: managedBySchema,
});
export type ManagedByParams = z.infer<typeof managedByParamSchema>;

/** Default names of a conversion. */
export const defaultConversionBatchName = 'BE_CONV';
export const defaultConversionSerialPrefix = 'BE_CONV_';

/**
 * setManagedBy: to BATCH_NUMBER every untracked stock row becomes batch `newBatchName`; to
 * SERIAL_NUMBER each unit becomes serial `newSerialPrefix` + a running number, in lot
 * `newBatchName`; to NORMAL batches and serials are dropped from the stock rows (quantities merge).
 */
export const setManagedByRequestSchema = z.object({
  newBatchName: z.string().trim().min(1).max(100).default(defaultConversionBatchName),
  newSerialPrefix: z.string().trim().min(1).max(90).default(defaultConversionSerialPrefix),
});
export type SetManagedByRequest = z.input<typeof setManagedByRequestSchema>;
export const setManagedByAnswerSchema = z.object({
  managedBy: managedBySchema,
  /** Stock rows rewritten (each with a pair of ledger rows). */
  convertedRows: z.number().int().nonnegative(),
});
export type SetManagedByAnswer = z.infer<typeof setManagedByAnswerSchema>;

/** updateItem: only the image path is editable here (a path under item_images/, or null). */
export const updateItemRequestSchema = z.object({
  imagePath: z
    .string()
    .trim()
    .regex(/^item_images\/[^/\\]+\.(png|jpg|jpeg|gif)$/i, 'an image under item_images/')
    .nullable(),
  version: z.number().int().min(1).optional(),
});
export type UpdateItemRequest = z.input<typeof updateItemRequestSchema>;

export const itemImageExtensions = ['png', 'jpg', 'jpeg', 'gif'] as const;
/** Largest accepted item image: 5 MB. */
export const itemImageMaxBytes = 5 * 1024 * 1024;
export const itemImageUploadAnswerSchema = z.object({ imagePath: z.string(), url: z.string() });
export type ItemImageUploadAnswer = z.infer<typeof itemImageUploadAnswerSchema>;

/** The code of GET /api/v1/item/{code}/image: URL-safe base64 of the UTF-8 code, no padding. */
export function itemImageCodeParam(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export const itemImageParamSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/) });
export type ItemImageParams = z.infer<typeof itemImageParamSchema>;
/** GET /userdata/static/item_images/{file}: an uploaded image file by its name. */
export const staticItemImageParamSchema = z.object({ file: z.string().min(1).max(300) });
export type StaticItemImageParams = z.infer<typeof staticItemImageParamSchema>;

/** One item label job: `quantity` is the number of labels (0 prints nothing). */
export const itemLabelJobSchema = z.object({
  item: z.string().trim().min(1).max(100),
  batch: z.string().trim().min(1).max(100).nullable().default(null),
  serial: z.string().trim().min(1).max(100).nullable().default(null),
  quantity: z.number().int().min(0).max(1000),
});
export type ItemLabelJob = z.input<typeof itemLabelJobSchema>;
/**
 * printLabel / printLargeLabel: the server printer's id (the device's defaultItemLabelPrinter;
 * null or below 1 is 422 noPrinterSelected) and the jobs; document codes go on the label.
 */
export const labelPrinterSchema = z.number().int().nullable();
export type LabelPrinter = z.infer<typeof labelPrinterSchema>;
export const itemLabelRequestSchema = z.object({
  printer: labelPrinterSchema,
  receiptCode: z.string().max(100).nullable().optional(),
  picklistCode: z.string().max(100).nullable().optional(),
  deliveryCode: z.string().max(100).nullable().optional(),
  jobs: z.array(itemLabelJobSchema).min(1).max(200),
});
export type ItemLabelRequest = z.input<typeof itemLabelRequestSchema>;

const information = rolesAccess('information');
/** Uploading and choosing item images is master-data editing, as setting barcodes is. */
const masterDataEditing = rolesAccess('barcodeSetup');

/**
 * The item actions: default locations, barcodes, management type,
 * image and labels. Query keys start with 'itemActions' and the item's `{ code }`.
 */
export const itemActionEndpoints = defineEndpoints('itemActions', {
  defaultLocations: {
    method: 'GET',
    path: '/api/v1/item/:code/default_bin_locations',
    access: information,
    params: itemCodeParamSchema,
    query: defaultLocationsQuerySchema,
    answer: defaultItemLocationsAnswerSchema,
  },
  setDefaultLocation: {
    method: 'POST',
    path: '/api/v1/item/:code/default_bin_locations/:whsCode',
    access: rolesAccess('defaultItemBinLocationEdit'),
    params: itemWarehouseParamSchema,
    body: setDefaultLocationRequestSchema,
    answer: defaultItemLocationSchema,
  },
  setBarcode: {
    method: 'POST',
    path: '/api/v1/item/:code/barcode',
    access: rolesAccess('barcodeSetup'),
    params: itemCodeParamSchema,
    body: setItemBarcodeRequestSchema,
    answer: itemSchema,
  },
  /** Sent with an Idempotency-Key: a retried request converts once. */
  setManagedBy: {
    method: 'POST',
    path: '/api/v1/item/:code/managedBy/:type',
    access: rolesAccess('itemManagedByEdit'),
    params: managedByParamSchema,
    body: setManagedByRequestSchema,
    answer: setManagedByAnswerSchema,
  },
  label: {
    method: 'POST',
    path: '/api/v1/item/label',
    access: information,
    body: itemLabelRequestSchema,
    answer: printAnswerSchema,
  },
  largeLabel: {
    method: 'POST',
    path: '/api/v1/item/large_label',
    access: information,
    body: itemLabelRequestSchema,
    answer: printAnswerSchema,
  },
  /** Multipart, one file in the field `file` (at most itemImageMaxBytes). */
  uploadImage: {
    method: 'POST',
    path: '/api/v1/item/:code/image',
    access: masterDataEditing,
    params: itemCodeParamSchema,
    upload: true,
    answer: itemImageUploadAnswerSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/v1/item/:code',
    access: masterDataEditing,
    params: itemCodeParamSchema,
    body: updateItemRequestSchema,
    answer: itemSchema,
  },
  /** The image bytes of the item by its URL-safe base64 code (itemImageCodeParam), or 404. */
  image: {
    method: 'GET',
    path: '/api/v1/item/:code/image',
    access: signedInAccess,
    params: itemImageParamSchema,
    answer: null,
  },
  /** An uploaded image file (the imagePath of an item). */
  staticImage: {
    method: 'GET',
    path: '/userdata/static/item_images/:file',
    access: signedInAccess,
    params: staticItemImageParamSchema,
    answer: null,
  },
});

/** The URL an item image (a path under DATA_DIR/userdata/static, e.g. item_images/A.png) is served at. */
export const userdataStaticUrl = (imagePath: string) => `/userdata/static/${imagePath}`;
