import { z } from 'zod';
import { managedBySchema } from './items.js';

/**
 * Item actions (spec 01 sections 2, 4, 5 and 7): default locations, barcodes, management type,
 * image and labels. Paths (spec 02 section 7 Items names them; methods are ours):
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

/** Default-locations filter (spec 01 section 4): present (rows with a bin), active (active warehouses), all. */
export const defaultLocationFilters = ['present', 'active', 'all'] as const;
export type DefaultLocationFilter = (typeof defaultLocationFilters)[number];
export const defaultLocationsQuerySchema = z.object({
  filter: z.enum(defaultLocationFilters).default('present'),
});

/** One row per warehouse (spec 01 section 3, Default item location). */
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

export const itemWarehouseParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  whsCode: z.string().trim().min(1).max(100),
});

const stockLevel = z.number().finite().min(0).max(1e12).nullable();

/** setDefaultLocation: locationCode null clears the bin; minStock and maxStock are floats (spec 01 section 5). */
export const setDefaultLocationRequestSchema = z
  .object({
    locationCode: z.string().trim().min(1).max(100).nullable(),
    enforced: z.boolean().default(false),
    minStock: stockLevel.default(null),
    maxStock: stockLevel.default(null),
    /** The version read (0 for a warehouse without a row); a stale one gets 412. Omit to overwrite. */
    version: z.number().int().min(0).optional(),
  })
  .refine((r) => r.minStock === null || r.maxStock === null || r.minStock <= r.maxStock, {
    message: 'minStock must not exceed maxStock',
    path: ['maxStock'],
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
});
export type SetItemBarcodeRequest = z.input<typeof setItemBarcodeRequestSchema>;

export const managedByParamSchema = z.object({
  code: z.string().trim().min(1).max(100),
  type: managedBySchema,
});

/** Default names of a conversion (spec 01 section 9). */
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
export const setManagedByAnswerSchema = z.object({
  managedBy: managedBySchema,
  /** Stock rows rewritten (each with a pair of ledger rows). */
  convertedRows: z.number().int().nonnegative(),
});

/** updateItem: only the image path is editable here (a path under item_images/, or null). */
export const updateItemRequestSchema = z.object({
  imagePath: z
    .string()
    .trim()
    .regex(/^item_images\/[^/\\]+\.(png|jpg|jpeg|gif)$/i, 'an image under item_images/')
    .nullable(),
  version: z.number().int().min(1).optional(),
});

export const itemImageExtensions = ['png', 'jpg', 'jpeg', 'gif'] as const;
/** Largest accepted item image: 5 MB. */
export const itemImageMaxBytes = 5 * 1024 * 1024;
export const itemImageUploadAnswerSchema = z.object({ imagePath: z.string(), url: z.string() });

/** The code of GET /api/v1/item/{code}/image: URL-safe base64 of the UTF-8 code, no padding. */
export function itemImageCodeParam(code: string): string {
  const bytes = new TextEncoder().encode(code);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export const itemImageParamSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/) });

/** One item label job: `quantity` is the number of labels (0 prints nothing, spec 01 section 5). */
export const itemLabelJobSchema = z.object({
  item: z.string().trim().min(1).max(100),
  batch: z.string().trim().min(1).max(100).nullable().default(null),
  serial: z.string().trim().min(1).max(100).nullable().default(null),
  quantity: z.number().int().min(0).max(1000),
});
/**
 * printLabel / printLargeLabel: the server printer's id (the device's defaultItemLabelPrinter;
 * null or below 1 is 422 noPrinterSelected) and the jobs; document codes go on the label.
 */
export const labelPrinterSchema = z.number().int().nullable();
export const itemLabelRequestSchema = z.object({
  printer: labelPrinterSchema,
  receiptCode: z.string().max(100).nullable().optional(),
  picklistCode: z.string().max(100).nullable().optional(),
  deliveryCode: z.string().max(100).nullable().optional(),
  jobs: z.array(itemLabelJobSchema).min(1).max(200),
});
export type ItemLabelRequest = z.input<typeof itemLabelRequestSchema>;
