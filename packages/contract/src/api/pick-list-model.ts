import { z } from 'zod';
import { isoDateTime } from './common.js';
import { pickListStatuses } from './documents.js';
import { managedBySchema } from './items.js';

/**
 * The pick list model on the wire (contract pick-lists.ts has the endpoints and requests;
 * docs/decisions/0183-pick-lists.md): lines with allocations and picks, shipping containers, the
 * overview's rows and filters, broken lines and the planning area's order lines.
 */
const code = z.string().trim().min(1).max(100);

export type PickListStatus = (typeof pickListStatuses)[number];

/** Why a line was picked short (PROCESSES.md 3.3). */
export const shortReasons = ['STOCKOUT', 'DAMAGED', 'WRONG_LOCATION'] as const;
export type ShortReason = (typeof shortReasons)[number];

/** The creation lock setting `locking`: one run at a time in all, per warehouse, or none. */
export const picklistCreationLockings = ['GLOBAL', 'PER_KEY', 'NONE'] as const;
export type PicklistCreationLocking = (typeof picklistCreationLockings)[number];

export const shippingContainerTypes = ['BOX', 'PALLET', 'TOTE'] as const;
export type ShippingContainerType = (typeof shippingContainerTypes)[number];
export const shippingContainerStatuses = ['OPEN', 'CLOSED', 'DELIVERED', 'DISPATCHED'] as const;
export type ShippingContainerStatus = (typeof shippingContainerStatuses)[number];

export const pickListCodeParamsSchema = z.object({ code });
export type PickListCodeParams = z.input<typeof pickListCodeParamsSchema>;
export const shippingContainerParamsSchema = z.object({ container: code });
export type ShippingContainerParams = z.input<typeof shippingContainerParamsSchema>;

const partnerSchema = z.object({ code: z.string(), name: z.string() });

/** One allocation of a line: where the stock to pick lies. */
export const pickAllocationSchema = z.object({
  location: z.string(),
  locationSortingCode: z.string().nullable(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  /** Best-before or expiry date of the batch (ISO date), for FEFO and display. */
  expirationDate: z.string().nullable(),
  quantity: z.number(),
});
export type PickAllocation = z.infer<typeof pickAllocationSchema>;

export const pickListLineSchema = z.object({
  lineNumber: z.number().int(),
  item: z.string(),
  itemName: z.string(),
  managedBy: managedBySchema,
  /** To pick in all. */
  quantity: z.number(),
  pickedQuantity: z.number(),
  shortQuantity: z.number(),
  shortReason: z.enum(shortReasons).nullable(),
  /** quantity - picked - short. */
  openQuantity: z.number(),
  /** The walk's order: location sortingCode, a skipped line last. */
  walkOrder: z.number().int(),
  skipped: z.boolean(),
  /** Allocated, not yet picked; a line with open quantity and less allocated is short of stock. */
  allocations: z.array(pickAllocationSchema),
  /** What was picked, per container. */
  picks: z.array(
    z.object({
      container: z.string(),
      location: z.string(),
      batch: z.string().nullable(),
      serial: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  /** The sales order line it came from (null: made by hand or by the ERP). */
  salesOrder: z.string().nullable(),
  salesOrderLine: z.number().int().nullable(),
});
export type PickListLine = z.infer<typeof pickListLineSchema>;

export const shippingContainerSchema = z.object({
  code: z.string(),
  /** True when the code is an SSCC (GS1 AI 00). */
  sscc: z.boolean(),
  type: z.enum(shippingContainerTypes),
  boxType: z.string().nullable(),
  status: z.enum(shippingContainerStatuses),
  pickList: z.string().nullable(),
  weightInMg: z.number().int().nullable(),
  lengthInMm: z.number().int().nullable(),
  widthInMm: z.number().int().nullable(),
  heightInMm: z.number().int().nullable(),
  contents: z.array(
    z.object({ item: z.string(), batch: z.string().nullable(), serial: z.string().nullable(), quantity: z.number() }),
  ),
  createdAt: isoDateTime,
});
export type ShippingContainer = z.infer<typeof shippingContainerSchema>;

export const pickListSummarySchema = z.object({
  code: z.string(),
  status: z.enum(pickListStatuses),
  version: z.number().int(),
  priority: z.number().int(),
  warehouse: z.string().nullable(),
  customer: partnerSchema.nullable(),
  shipDate: z.string().nullable(),
  route: z.string().nullable(),
  linesTotal: z.number().int(),
  linesPicked: z.number().int(),
  claimedBy: z.string().nullable(),
  packed: z.boolean(),
  containers: z.number().int(),
  createdAt: isoDateTime,
});
export type PickListSummary = z.infer<typeof pickListSummarySchema>;

export const pickListSchema = pickListSummarySchema.extend({
  shipTo: z.record(z.string(), z.unknown()).nullable(),
  salesOrders: z.array(z.string()),
  lines: z.array(pickListLineSchema),
  shippingContainers: z.array(shippingContainerSchema),
  /**
   * Recount requests a packing difference raised (decision 0185), until the counting apps show
   * them. The server always sends it; optional so older clients and fixtures stay valid.
   */
  recountRequests: z
    .array(z.object({ code: z.string(), status: z.string(), location: z.string(), item: z.string() }))
    .optional(),
});
export type PickList = z.infer<typeof pickListSchema>;

export const pickListQuerySchema = z.object({
  status: z.enum(pickListStatuses).optional(),
  /** Open: RELEASED and PARTLY_PICKED and PICKED (the default view). */
  open: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
  warehouse: code.optional(),
  customer: code.optional(),
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PickListQuery = z.input<typeof pickListQuerySchema>;
/** The query as the server reads it (open parsed to a boolean). */
export type PickListQueryValues = z.output<typeof pickListQuerySchema>;
export const pickListPageSchema = z.object({ rows: z.array(pickListSummarySchema), total: z.number().int() });
export type PickListPage = z.infer<typeof pickListPageSchema>;

export const pickListRowsQuerySchema = z.object({ code });
export const pickListRowsAnswerSchema = z.array(pickListLineSchema);

export const brokenPickLineSchema = z.object({
  code: z.string(),
  lineNumber: z.number().int(),
  item: z.string(),
  openQuantity: z.number(),
  allocatedQuantity: z.number(),
  /** Allocations whose stock row no longer holds them (location, batch, serial, quantity missing). */
  uncovered: z.array(z.object({ location: z.string(), batch: z.string().nullable(), missing: z.number() })),
});
export const brokenPickLinesAnswerSchema = z.array(brokenPickLineSchema);

/** An open sales order line in the planning area (/api/v1/ppm/lines). */
export const plannableOrderLineSchema = z.object({
  salesOrder: z.string(),
  lineNumber: z.number().int(),
  customer: partnerSchema.nullable(),
  warehouse: z.string().nullable(),
  shipDate: z.string().nullable(),
  route: z.string().nullable(),
  item: z.string(),
  itemName: z.string(),
  openQuantity: z.number(),
  /** Already on pick lists that are not closed. */
  releasedQuantity: z.number(),
  /**
   * Free stock of the item in the warehouse (what allocation can use); null for a non-admin caller
   * in WALL_TO_WALL_BATCHING_MODE (blind counting, decision 0189).
   */
  freeStock: z.number().nullable(),
});
export type PlannableOrderLine = z.infer<typeof plannableOrderLineSchema>;
export const plannableLinesQuerySchema = z.object({
  warehouse: code.optional(),
  customer: code.optional(),
  route: z.string().trim().max(100).optional(),
  /** Lines to ship on or before this date (ISO date). */
  shipDateTo: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});
export const plannableLinesAnswerSchema = z.object({
  lines: z.array(plannableOrderLineSchema),
  truncated: z.boolean(),
});

export const boxTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(shippingContainerTypes),
  lengthInMm: z.number().int().nullable(),
  widthInMm: z.number().int().nullable(),
  heightInMm: z.number().int().nullable(),
});
export type BoxType = z.infer<typeof boxTypeSchema>;
