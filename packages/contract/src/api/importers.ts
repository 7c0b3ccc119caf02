import { z } from 'zod';
import type { Role } from '../roles.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * The import framework (PROCESSES.md 7; docs/decisions/0176-import-framework.md). One session per
 * uploaded file: UPLOADED -> MAPPED -> VALIDATED -> COMMITTED, or FAILED; EXPIRED after 30 days.
 *
 * - GET    /api/v1/order/import/{kind}: the importer's columns (name, required, type, header
 *          aliases in nl, en, de, pl), whether it is enabled (master-data kinds only with ERP type
 *          NONE) and the caller's remembered mapping.
 * - GET    /api/v1/order/import/{kind}/template.xlsx: an empty workbook with the header row.
 * - GET    /api/v1/order/import/{kind}/sessions: the caller's sessions of the kind, newest first.
 * - POST   /api/v1/order/import/{kind}/sessions (multipart, one file; query sheet?): reads the file
 *          (XLSX or CSV, magic bytes checked, at most importLimits.maxBytes and the kind's row
 *          limit), stores its rows and maps the columns by header (the remembered mapping first).
 * - GET    /api/v1/order/import/{kind}/sessions/{id}
 * - PUT    /api/v1/order/import/{kind}/sessions/{id}/mapping {mapping}: the user's correction,
 *          remembered per user and kind; MAPPED.
 * - POST   /api/v1/order/import/{kind}/sessions/{id}/validate: the dry run: every row checked by
 *          the code the commit runs; VALIDATED with the counts.
 * - GET    /api/v1/order/import/{kind}/sessions/{id}/rows?status&offset&limit: the report rows.
 * - GET    /api/v1/order/import/{kind}/sessions/{id}/report.xlsx: the original rows plus a status
 *          and a message column (messages in the caller's language).
 * - POST   /api/v1/order/import/{kind}/sessions/{id}/commit {mode}: ALL_OR_NOTHING (one
 *          transaction; any ERROR row commits nothing: 422 importHasErrors) or VALID_ROWS_ONLY (one
 *          transaction per group, rows of a group with an ERROR row are skipped). The session is
 *          the idempotency key: a second commit answers the first result and writes nothing.
 *
 * Progress goes to the caller's topics.importProgress() as IMPORT_PROGRESS. Refusals: 403 without
 * the kind's role; 404 unknownImportSession; 409 importerDisabledWithErp {erpType};
 * 413 fileTooLarge {max}; 422 importFileUnreadable, importFilePasswordProtected,
 * importFileTooComplex, importTooManyRows {max}, importNoRows, importUnknownSheet {sheet},
 * importMappingMissingColumn {column}, importSessionNotValidated, importHasErrors {errors},
 * importSessionExpired, importSessionFailed.
 */
export const importKinds = [
  'purchase_orders',
  'sales_orders',
  'item_prices',
  'item_translations',
  'planned_goods_receipts',
  'items',
  'warehouses',
  'bin_locations',
  'business_partners',
  'default_item_locations',
  'opening_stock',
] as const;
export type ImportKind = (typeof importKinds)[number];
export const importKindSchema = z.enum(importKinds);

/** The role each importer needs (the spec's app roles; Decision 0176 for master data). */
export const importerRoles: Readonly<Record<ImportKind, Role>> = {
  purchase_orders: 'purchasing',
  sales_orders: 'sales',
  item_prices: 'priceListUpload',
  item_translations: 'itemTranslationUpload',
  planned_goods_receipts: 'plannedGoodsReceiptsDraftImporter',
  items: 'masterDataManager',
  warehouses: 'masterDataManager',
  bin_locations: 'masterDataManager',
  business_partners: 'masterDataManager',
  default_item_locations: 'masterDataManager',
  opening_stock: 'masterDataManager',
};
const anyImporterRole = [...new Set(Object.values(importerRoles))] as [Role, ...Role[]];

/** Importers of data the ERP owns: enabled only when the ERP type is NONE. */
export const masterDataImportKinds: readonly ImportKind[] = [
  'items',
  'warehouses',
  'bin_locations',
  'business_partners',
  'default_item_locations',
  'opening_stock',
];

export const importLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 20_000,
  /** Opening stock is one file per warehouse: it may be larger (Decision 0176). */
  maxRowsOpeningStock: 100_000,
  maxColumns: 100,
  maxCellLength: 2000,
  /** Uncompressed size of all parts of an XLSX (a zip bomb is refused before it is read). */
  maxUncompressedBytes: 200 * 1024 * 1024,
  sessionDays: 30,
  /** Sessions whose rows are kept per user; an older one expires early when a new file comes (its rows go). */
  sessionsKeptPerUser: 20,
  rowsPageMax: 500,
} as const;

export const importSessionStatuses = ['UPLOADED', 'MAPPED', 'VALIDATED', 'COMMITTED', 'FAILED', 'EXPIRED'] as const;
export type ImportSessionStatus = (typeof importSessionStatuses)[number];
export const importRowStatuses = ['VALID', 'WARNING', 'ERROR'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];
export const importCommitModes = ['ALL_OR_NOTHING', 'VALID_ROWS_ONLY'] as const;
export type ImportCommitMode = (typeof importCommitModes)[number];
export const importColumnTypes = ['text', 'number', 'date', 'boolean'] as const;

export const importColumnSchema = z.object({
  /** The column's name in the importer (camelCase, the spec's field name). */
  name: z.string(),
  required: z.boolean(),
  type: z.enum(importColumnTypes),
  /** Headers that map to it, in nl, en, de and pl (compared case- and space-insensitively). */
  aliases: z.array(z.string()),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

/** Column name -> index of the file's header (0-based), or null when the file has no such column. */
export const importMappingSchema = z.record(z.string().max(100), z.number().int().min(0).max(999).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importerDescriptionSchema = z.object({
  kind: importKindSchema,
  columns: z.array(importColumnSchema),
  enabled: z.boolean(),
  maxRows: z.number().int(),
  rememberedMapping: z.record(z.string(), z.string()).nullable(),
});
export type ImporterDescription = z.infer<typeof importerDescriptionSchema>;

export const importMessageSchema = z.object({
  severity: z.enum(['ERROR', 'WARNING']),
  /** The importer column the message is about; null for the row as a whole. */
  column: z.string().nullable(),
  key: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type ImportMessage = z.infer<typeof importMessageSchema>;

export const importCountsSchema = z.object({
  valid: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
});

export const importCreatedSchema = z.object({
  /** DOCUMENT type, or ITEM, BIN_LOCATION, WAREHOUSE, BUSINESS_PARTNER, PRICE_LIST, ... */
  type: z.string(),
  code: z.string(),
});

export const importSessionSchema = z.object({
  id: z.string(),
  kind: importKindSchema,
  status: z.enum(importSessionStatuses),
  fileName: z.string(),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  rowCount: z.number().int(),
  counts: importCountsSchema.nullable(),
  commitMode: z.enum(importCommitModes).nullable(),
  result: z
    .object({
      created: z.array(importCreatedSchema),
      committedRows: z.number().int(),
      skippedRows: z.number().int(),
    })
    .nullable(),
  failure: z.object({ key: z.string(), args: z.record(z.string(), z.unknown()) }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ImportSession = z.infer<typeof importSessionSchema>;

export const importRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  rowNumber: z.number().int(),
  status: z.enum(importRowStatuses).nullable(),
  /** Cell text per importer column (mapped columns only). */
  values: z.record(z.string(), z.string()),
  /** The document or record the row belongs to (supplier + order reference, item code, ...). */
  group: z.string().nullable(),
  messages: z.array(importMessageSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importKindParamsSchema = z.object({ kind: importKindSchema });
export const importSessionParamsSchema = z.object({ kind: importKindSchema, id: z.string().uuid() });
export const importCreateQuerySchema = z.object({ sheet: z.string().max(100).optional() });
export const importMappingBodySchema = z.object({ mapping: importMappingSchema });
export const importRowsQuerySchema = z.object({
  status: z.enum(importRowStatuses).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(importLimits.rowsPageMax).default(100),
});
export type ImportRowsQuery = z.input<typeof importRowsQuerySchema>;
export const importRowsAnswerSchema = z.object({ total: z.number().int(), rows: z.array(importRowSchema) });
export const importCommitBodySchema = z.object({ mode: z.enum(importCommitModes).default('ALL_OR_NOTHING') });
export type ImportCommitBody = z.input<typeof importCommitBodySchema>;

const access = rolesAccess(...anyImporterRole);
const base = '/api/v1/order/import/:kind';

export const importEndpoints = defineEndpoints('imports', {
  describe: {
    method: 'GET',
    path: base,
    access,
    params: importKindParamsSchema,
    answer: importerDescriptionSchema,
  },
  template: { method: 'GET', path: `${base}/template.xlsx`, access, params: importKindParamsSchema, answer: null },
  sessions: {
    method: 'GET',
    path: `${base}/sessions`,
    access,
    params: importKindParamsSchema,
    answer: z.array(importSessionSchema),
  },
  create: {
    method: 'POST',
    path: `${base}/sessions`,
    access,
    params: importKindParamsSchema,
    query: importCreateQuerySchema,
    upload: true,
    answer: importSessionSchema,
    status: 201,
  },
  get: {
    method: 'GET',
    path: `${base}/sessions/:id`,
    access,
    params: importSessionParamsSchema,
    answer: importSessionSchema,
  },
  mapping: {
    method: 'PUT',
    path: `${base}/sessions/:id/mapping`,
    access,
    params: importSessionParamsSchema,
    body: importMappingBodySchema,
    answer: importSessionSchema,
  },
  validate: {
    method: 'POST',
    path: `${base}/sessions/:id/validate`,
    access,
    params: importSessionParamsSchema,
    answer: importSessionSchema,
  },
  rows: {
    method: 'GET',
    path: `${base}/sessions/:id/rows`,
    access,
    params: importSessionParamsSchema,
    query: importRowsQuerySchema,
    answer: importRowsAnswerSchema,
  },
  report: {
    method: 'GET',
    path: `${base}/sessions/:id/report.xlsx`,
    access,
    params: importSessionParamsSchema,
    answer: null,
  },
  commit: {
    method: 'POST',
    path: `${base}/sessions/:id/commit`,
    access,
    params: importSessionParamsSchema,
    body: importCommitBodySchema,
    answer: importSessionSchema,
  },
});
