import { z } from 'zod';
import { searchTextSchema } from './common.js';

/**
 * Work time on work orders and production order creation (spec 03 sections 2-9) under
 * /api/v1/production/. Quantities are JSON numbers with at most three decimals (stored exactly
 * as thousandths, see quantity.ts); moments are ISO-8601 date-times (stored in UTC).
 *
 * - GET    work_times?flushedDays=7          getWorkTimes: the caller's entries            production
 * - GET    work_times/all?flushedDays=7      getAllWorkTimes: everyone's, with username    productionManager
 *   (both: every unflushed entry plus those flushed in the last flushedDays days, newest first)
 * - POST   work_times                        saveWorkTimes: create (no id) or update (id + version)   production
 * - POST   work_times/{id}/stop              Stop: endTime = now on a running entry        production
 * - DELETE work_times/{id}                   deleteWorkTimes                               production
 * - POST   work_times/flush {ids}            flushWorkTimes: answers the entries that failed  production
 * - GET    resources                         getResources: the active work centers         production
 * - GET    work_orders/autocomplete/{text}   getWorkOrders: at most 10, not closed         production
 * - POST   work_orders/steps {codes}         getWorkOrderStepsForMultipleAsMap             production
 * - GET    work_order_plans/{itemCode}       createOrder.getWorkOrderPlans                 itemAuthCreateProductionOrder
 * - POST   orders                            createOrder; Idempotency-Key header required  itemAuthCreateProductionOrder
 *
 * A user with `production` sees and changes only their own entries; `productionManager` any.
 * Save and flush rules are in packages/server/src/features/production (see docs/decisions.md).
 * Every change publishes WORK_TIMES_CHANGED on /topic/production/timer after the commit; a
 * created order publishes ITEM_CHANGED for its item (its open documents changed).
 */
const code = z.string().trim().min(1).max(100);
const quantity = z.number().finite().min(-1e9).max(1e9);
const moment = z.iso.datetime({ offset: true });

export const workTimeTypes = ['SETUP', 'WORK'] as const;
export type WorkTimeType = (typeof workTimeTypes)[number];
export const workOrderStatuses = ['PLANNED', 'RELEASED', 'CLOSED'] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];

/** Spec 03 section 9: the work order autocomplete answers at most 10. */
export const workOrderAutocompleteLimit = 10;

/** Why the last flush of an entry failed: an error key with its arguments (and its English text). */
export const flushErrorSchema = z.object({
  key: z.string(),
  args: z.record(z.string(), z.unknown()),
  message: z.string(),
});
export type FlushError = z.infer<typeof flushErrorSchema>;

/** A work time entry (spec 03 section 3). produced and scrap exist for WORK only (null for SETUP). */
export const workTimeEntrySchema = z.object({
  id: z.number().int(),
  workOrderCode: z.string(),
  workOrderVisualCode: z.string(),
  producedItemCode: z.string(),
  workOrderStep: z.string(),
  stepNumber: z.number().int(),
  stepDescription: z.string().nullable(),
  workCenter: z.string().nullable(),
  workTimeType: z.enum(workTimeTypes),
  produced: z.number().nullable(),
  scrap: z.number().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  licensePlate: z.string().nullable(),
  userId: z.number().int(),
  user: z.string(),
  flushed: z.boolean(),
  flushedAt: z.string().nullable(),
  /** The error of the last failed flush; cleared by a save or a successful flush. */
  flushError: flushErrorSchema.nullable(),
  version: z.number().int(),
});
export type WorkTimeEntry = z.infer<typeof workTimeEntrySchema>;
export const workTimeEntriesAnswerSchema = z.array(workTimeEntrySchema);

export const workTimesQuerySchema = z.object({
  flushedDays: z.coerce.number().int().min(0).max(366).default(7),
});

/**
 * saveWorkTimes: without id a new entry of the caller; with id (and the version read) an
 * update. endTime null (or absent) means running. produced and scrap only for WORK.
 */
export const workTimeSaveRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  workOrderCode: code,
  workOrderStep: code,
  /** Absent or null: the step's planned work center. */
  workCenter: code.nullish(),
  workTimeType: z.enum(workTimeTypes),
  produced: quantity.nullish(),
  scrap: quantity.nullish(),
  startTime: moment,
  endTime: moment.nullish(),
  licensePlate: z.string().trim().max(100).nullish(),
});
export type WorkTimeSaveRequest = z.input<typeof workTimeSaveRequestSchema>;

export const workTimeIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const workTimeFlushRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export const workTimeFlushFailureSchema = z.object({ id: z.number().int() }).extend(flushErrorSchema.shape);
export type WorkTimeFlushFailure = z.infer<typeof workTimeFlushFailureSchema>;
/** flushWorkTimes: the entries that failed (each with its error); every other one is flushed. */
export const workTimeFlushAnswerSchema = z.object({
  flushed: z.array(z.number().int()),
  failed: z.array(workTimeFlushFailureSchema),
});
export type WorkTimeFlushAnswer = z.infer<typeof workTimeFlushAnswerSchema>;

/** A work center (resource; spec 03 section 3). */
export const workCenterSchema = z.object({ code: z.string(), visualCode: z.string(), name: z.string() });
export type WorkCenter = z.infer<typeof workCenterSchema>;
export const workCentersAnswerSchema = z.array(workCenterSchema);

/** A work order (spec 03 section 3) with its produced item and quantities. */
export const workOrderSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  status: z.enum(workOrderStatuses),
  producedItem: z.object({ code: z.string(), visualCode: z.string(), name: z.string() }),
  warehouseCode: z.string().nullable(),
  plannedQuantity: z.number(),
  completedQuantity: z.number(),
  scrapQuantity: z.number(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;
export const workOrderAutocompleteParamSchema = z.object({ text: searchTextSchema });
export const workOrdersAnswerSchema = z.array(workOrderSchema).max(workOrderAutocompleteLimit);

/** A step of a work order or of a plan (spec 03 section 3). */
export const workOrderStepSchema = z.object({
  stepCode: z.string(),
  stepNumber: z.number().int(),
  description: z.string().nullable(),
  plannedWorkCenterCode: z.string().nullable(),
});
export type WorkOrderStep = z.infer<typeof workOrderStepSchema>;
export const workOrderStepsRequestSchema = z.object({ codes: z.array(code).min(1).max(200) });
/** Steps per work order code (as stored), in step order; unknown codes are left out. */
export const workOrderStepsAnswerSchema = z.record(z.string(), z.array(workOrderStepSchema));

/** A work order plan of an item (spec 03 section 3) with its steps. */
export const workOrderPlanSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  itemCode: z.string(),
  steps: z.array(workOrderStepSchema),
});
export type WorkOrderPlan = z.infer<typeof workOrderPlanSchema>;
export const workOrderPlansAnswerSchema = z.array(workOrderPlanSchema);
export const workOrderPlanItemParamSchema = z.object({ itemCode: code });

/** createOrder (spec 03 section 2, Production order dialog). targetQuantity > 0. */
export const productionOrderCreateRequestSchema = z.object({
  warehouseCode: code,
  itemCode: code,
  workOrderPlanCode: code,
  targetQuantity: z.number().finite().positive().max(1e9),
  salesOrderCode: code.nullish(),
  releaseAfterCreate: z.boolean().default(false),
});
export type ProductionOrderCreateRequest = z.input<typeof productionOrderCreateRequestSchema>;

/** The created production order document and its work order (one code for both). */
export const productionOrderCreatedSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  status: z.enum(workOrderStatuses),
  itemCode: z.string(),
  warehouseCode: z.string(),
  workOrderPlanCode: z.string(),
  targetQuantity: z.number(),
  salesOrderCode: z.string().nullable(),
  steps: z.array(workOrderStepSchema),
});
export type ProductionOrderCreated = z.infer<typeof productionOrderCreatedSchema>;
