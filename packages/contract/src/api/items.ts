import { z } from 'zod';
import { searchTextSchema } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { languages, locationTypes, trackingTypes, workTypes } from '../enums.js';

/**
 * Items. Quantities are JSON numbers
 * with at most three decimals (stored exactly as thousandths, see quantity.ts).
 */
export const managedByTypes = trackingTypes;
export type ManagedBy = (typeof managedByTypes)[number];
export const managedBySchema = z.enum(managedByTypes);

/**
 * An item code, barcode or search text in a path: 1 to 100 characters (the router answers 414
 * for a longer path parameter).
 */
export const itemCodeParamSchema = z.object({ code: z.string().trim().min(1).max(100) });
export type ItemCodeParams = z.infer<typeof itemCodeParamSchema>;
export const itemAutocompleteParamSchema = z.object({ text: searchTextSchema });
export type ItemAutocompleteParams = z.infer<typeof itemAutocompleteParamSchema>;

export const receiptScanPreferencesSchema = z.object({
  scanExpirationDate: z.boolean(),
  scanManufacturingDate: z.boolean(),
  scanManufacturingBatch: z.boolean(),
  scanManufacturingSerial: z.boolean(),
});
export type ReceiptScanPreferences = z.infer<typeof receiptScanPreferencesSchema>;

/** An item with all its fields. */
export const itemSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  secondName: z.string().nullable(),
  barcode: z.string().nullable(),
  barcode2: z.string().nullable(),
  barcode3: z.string().nullable(),
  barcodeInvQty: z.number(),
  barcode2InvQty: z.number(),
  barcode3InvQty: z.number(),
  units: z.string().nullable(),
  groupName: z.string().nullable(),
  managedBy: managedBySchema,
  serialManagedByDispatch: z.boolean(),
  avgPrice: z.number().nullable(),
  active: z.boolean(),
  isStockItem: z.boolean(),
  isSalesBomItem: z.boolean(),
  isProductionItem: z.boolean(),
  weightInMg: z.number().int().nullable(),
  productionIssueMethod: z.string().nullable(),
  productionMaterialToleranceValue: z.number().nullable(),
  productionMaterialToleranceType: z.string().nullable(),
  blockForQcType: z.string().nullable(),
  hasBatch: z.boolean(),
  serial: z.boolean(),
  receiptScanPreferences: receiptScanPreferencesSchema,
  imagePath: z.string().nullable(),
  pdfPath: z.string().nullable(),
  /** Density: milligrams per millilitre, for liquid items; null otherwise. */
  mlToMg: z.number().nullable(),
  version: z.number().int(),
});
export type Item = z.infer<typeof itemSchema>;

/**
 * GET /api/v1/item/{code}: the item plus its name and second name in the caller's language (their
 * preferredLanguage; item-translations.ts), null where the item has no translation in it: show
 * `name` then. Only this read carries them; find, find_by and autocomplete answer `itemSchema`.
 */
export const itemDetailSchema = itemSchema.extend({
  translationLanguage: z.enum(languages),
  translatedName: z.string().nullable(),
  translatedSecondName: z.string().nullable(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export const itemMatchKinds = ['CODE', 'BARCODE', 'BARCODE2', 'BARCODE3'] as const;
export type ItemMatchKind = (typeof itemMatchKinds)[number];

/** GET /api/v1/item/find/{code}: the item, what matched, and how many units one scan counts. */
export const itemFindAnswerSchema = z.object({
  item: itemSchema,
  matchedBy: z.enum(itemMatchKinds),
  /** The barcode's quantity (barcodeInvQty, ...); 1 for a match on the item code. */
  quantity: z.number(),
});
export type ItemFindAnswer = z.infer<typeof itemFindAnswerSchema>;

/** POST /api/v1/item/find_by (findMultipleItem): codes or barcodes, case-insensitive. */
export const itemFindByRequestSchema = z.object({
  codes: z.array(z.string().trim().min(1).max(200)).min(1).max(1000),
});
export type ItemFindByRequest = z.input<typeof itemFindByRequestSchema>;
export const itemFindByAnswerSchema = z.object({
  /** Found items, in the order of the request, each once. */
  items: z.array(itemSchema),
  unknownCodes: z.array(z.string()),
});
export type ItemFindByAnswer = z.infer<typeof itemFindByAnswerSchema>;

/** One autocomplete suggestion. */
export const itemSuggestionSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  barcode2: z.string().nullable(),
  barcode3: z.string().nullable(),
});
export type ItemSuggestion = z.infer<typeof itemSuggestionSchema>;
export const itemAutocompleteLimit = 20;
export const itemAutocompleteAnswerSchema = z.array(itemSuggestionSchema).max(itemAutocompleteLimit);
export type ItemAutocompleteAnswer = z.infer<typeof itemAutocompleteAnswerSchema>;

export const binLocationRefSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  warehouseCode: z.string(),
  locationType: z.enum(workTypes),
  physicalLocationType: z.enum(locationTypes),
  stockMovementRestricted: z.boolean(),
});
export type BinLocationRef = z.infer<typeof binLocationRefSchema>;
export const batchRefSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  expirationDate: z.string().nullable(),
});
export type BatchRef = z.infer<typeof batchRefSchema>;
export const serialRefSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  lotCode: z.string().nullable(),
});
export type SerialRef = z.infer<typeof serialRefSchema>;

/**
 * A stock content row. freeToMoveQty = onHand − released − pick − QC-pending. The quantities are
 * null for a non-admin caller in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189).
 */
export const itemStockRowSchema = z.object({
  binLocation: binLocationRefSchema,
  batch: batchRefSchema.nullable(),
  serialNumber: serialRefSchema.nullable(),
  onHandQty: z.number().nullable(),
  releasedQty: z.number().nullable(),
  pickQty: z.number().nullable(),
  qcPending: z.boolean(),
  qcPendingQty: z.number().nullable(),
  freeToMoveQty: z.number().nullable(),
});
export type ItemStockRow = z.infer<typeof itemStockRowSchema>;
export const itemBinLocationsAnswerSchema = z.array(itemStockRowSchema);
export type ItemBinLocationsAnswer = z.infer<typeof itemBinLocationsAnswerSchema>;

export const documentDirections = ['IN', 'OUT'] as const;
export const documentTypes = [
  'PURCHASE_ORDER',
  'PLANNED_GOODS_RECEIPT',
  'GOODS_RECEIPT',
  'SALES_ORDER',
  'SALES_RETURN',
  'PICK_LIST',
  'DELIVERY',
  'PRODUCTION_ORDER',
  'QC_REQUEST',
  'COUNTING_LIST',
  'RECOUNT_REQUEST',
  'REPLENISHMENT_TASK',
  'STORAGE_REQUEST',
] as const;
export type DocumentType = (typeof documentTypes)[number];
export type DocumentDirection = (typeof documentDirections)[number];

/**
 * The direction of a document line, derived from the document type: goods coming in
 * (purchase, planned receipts, receipts, sales returns, a production order's product line)
 * or going out (sales orders, pick lists, deliveries, a production order's material lines).
 * Internal documents (counting, QC, replenishment, storage) move nothing in or out: null.
 */
export function documentLineDirection(type: DocumentType, isProductLine = false): DocumentDirection | null {
  switch (type) {
    case 'PURCHASE_ORDER':
    case 'PLANNED_GOODS_RECEIPT':
    case 'GOODS_RECEIPT':
    case 'SALES_RETURN':
      return 'IN';
    case 'SALES_ORDER':
    case 'PICK_LIST':
    case 'DELIVERY':
      return 'OUT';
    case 'PRODUCTION_ORDER':
      return isProductLine ? 'IN' : 'OUT';
    case 'QC_REQUEST':
    case 'COUNTING_LIST':
    case 'RECOUNT_REQUEST':
    case 'REPLENISHMENT_TASK':
    case 'STORAGE_REQUEST':
      return null;
  }
}

/** An open document line of an item. */
export const itemOpenDocumentSchema = z.object({
  type: z.enum(documentTypes),
  code: z.string(),
  visualCode: z.string(),
  status: z.string(),
  lineNumber: z.number().int(),
  businessPartnerCode: z.string().nullable(),
  businessPartnerName: z.string().nullable(),
  warehouseCode: z.string().nullable(),
  quantity: z.number(),
  openQuantity: z.number(),
  shipDate: z.string().nullable(),
  direction: z.enum(documentDirections),
});
export type ItemOpenDocument = z.infer<typeof itemOpenDocumentSchema>;
export const itemOpenDocumentsAnswerSchema = z.array(itemOpenDocumentSchema);
export type ItemOpenDocumentsAnswer = z.infer<typeof itemOpenDocumentsAnswerSchema>;

/** A page of a history (item or location): offset and limit, newest first. */
export const historyQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export const itemHistoryQuerySchema = historyQuerySchema;
export type ItemHistoryQuery = z.input<typeof itemHistoryQuerySchema>;

/** The fields of a stock ledger line that every history shows. */
export const ledgerLineFields = {
  transactionType: z.string(),
  documentType: z.string().nullable(),
  documentCode: z.string().nullable(),
  at: z.string(),
  username: z.string().nullable(),
  quantity: z.number(),
  batch: z.string().nullable(),
  serialNumber: z.string().nullable(),
};

/** An item history row: a stock ledger line, newest first. */
export const itemHistoryRowSchema = z.object({ ...ledgerLineFields, bin: z.string() });
export type ItemHistoryRow = z.infer<typeof itemHistoryRowSchema>;
export const itemHistoryAnswerSchema = z.object({
  rows: z.array(itemHistoryRowSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type ItemHistoryAnswer = z.infer<typeof itemHistoryAnswerSchema>;

const information = rolesAccess('information');

/**
 * The item reads. Query keys start with 'items' and
 * the item's `{ code }`, so `['items', { code }]` refreshes every read of one item.
 */
export const itemEndpoints = defineEndpoints('items', {
  find: {
    method: 'GET',
    path: '/api/v1/item/find/:code',
    access: information,
    params: itemCodeParamSchema,
    answer: itemFindAnswerSchema,
  },
  findBy: {
    method: 'POST',
    path: '/api/v1/item/find_by',
    access: information,
    body: itemFindByRequestSchema,
    answer: itemFindByAnswerSchema,
  },
  autocomplete: {
    method: 'GET',
    path: '/api/v1/item/autocomplete/:text',
    access: information,
    params: itemAutocompleteParamSchema,
    answer: itemAutocompleteAnswerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/v1/item/:code',
    access: information,
    params: itemCodeParamSchema,
    answer: itemDetailSchema,
  },
  binLocations: {
    method: 'GET',
    path: '/api/v1/item/:code/bin_locations',
    access: information,
    params: itemCodeParamSchema,
    answer: itemBinLocationsAnswerSchema,
  },
  openDocuments: {
    method: 'GET',
    path: '/api/v1/item/:code/open_documents',
    access: information,
    params: itemCodeParamSchema,
    answer: itemOpenDocumentsAnswerSchema,
  },
  history: {
    method: 'GET',
    path: '/api/v1/item/:code/history',
    access: information,
    params: itemCodeParamSchema,
    query: itemHistoryQuerySchema,
    answer: itemHistoryAnswerSchema,
  },
});
