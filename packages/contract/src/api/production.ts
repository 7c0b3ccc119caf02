import { z } from 'zod';
import { okSchema, searchTextSchema } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Work time on work orders and production order creation under /api/v1/production/. Quantities
 * are JSON numbers with at most three decimals (stored exactly as thousandths, see quantity.ts);
 * moments are ISO-8601 date-times (stored in UTC).
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
 * Save and flush rules are in packages/server/src/features/production (see
 * docs/decisions/0123-work-time-rules.md and 0124-work-time-flush.md).
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

/** The work order autocomplete answers at most 10. */
export const workOrderAutocompleteLimit = 10;

/** Why the last flush of an entry failed: an error key with its arguments (and its English text). */
export const flushErrorSchema = z.object({
  key: z.string(),
  args: z.record(z.string(), z.unknown()),
  message: z.string(),
});
export type FlushError = z.infer<typeof flushErrorSchema>;

/** A work time entry. produced and scrap exist for WORK only (null for SETUP). */
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
export type WorkTimeEntriesAnswer = z.infer<typeof workTimeEntriesAnswerSchema>;

export const workTimesQuerySchema = z.object({
  flushedDays: z.coerce.number().int().min(0).max(366).default(7),
});
export type WorkTimesQuery = z.input<typeof workTimesQuerySchema>;

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
export type WorkTimeIdParam = z.infer<typeof workTimeIdParamSchema>;

export const workTimeFlushRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export type WorkTimeFlushRequest = z.input<typeof workTimeFlushRequestSchema>;
export const workTimeFlushFailureSchema = z.object({ id: z.number().int() }).extend(flushErrorSchema.shape);
export type WorkTimeFlushFailure = z.infer<typeof workTimeFlushFailureSchema>;
/** flushWorkTimes: the entries that failed (each with its error); every other one is flushed. */
export const workTimeFlushAnswerSchema = z.object({
  flushed: z.array(z.number().int()),
  failed: z.array(workTimeFlushFailureSchema),
});
export type WorkTimeFlushAnswer = z.infer<typeof workTimeFlushAnswerSchema>;

/** A work center (resource). */
export const workCenterSchema = z.object({ code: z.string(), visualCode: z.string(), name: z.string() });
export type WorkCenter = z.infer<typeof workCenterSchema>;
export const workCentersAnswerSchema = z.array(workCenterSchema);
export type WorkCentersAnswer = z.infer<typeof workCentersAnswerSchema>;

/** A work order with its produced item and quantities. */
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
export type WorkOrderAutocompleteParam = z.infer<typeof workOrderAutocompleteParamSchema>;
export const workOrdersAnswerSchema = z.array(workOrderSchema).max(workOrderAutocompleteLimit);
export type WorkOrdersAnswer = z.infer<typeof workOrdersAnswerSchema>;

/** A step of a work order or of a plan. */
export const workOrderStepSchema = z.object({
  stepCode: z.string(),
  stepNumber: z.number().int(),
  description: z.string().nullable(),
  plannedWorkCenterCode: z.string().nullable(),
});
export type WorkOrderStep = z.infer<typeof workOrderStepSchema>;
export const workOrderStepsRequestSchema = z.object({ codes: z.array(code).min(1).max(200) });
export type WorkOrderStepsRequest = z.input<typeof workOrderStepsRequestSchema>;
/** Steps per work order code (as stored), in step order; unknown codes are left out. */
export const workOrderStepsAnswerSchema = z.record(z.string(), z.array(workOrderStepSchema));
export type WorkOrderStepsAnswer = z.infer<typeof workOrderStepsAnswerSchema>;

/** A work order plan of an item with its steps. */
export const workOrderPlanSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  itemCode: z.string(),
  steps: z.array(workOrderStepSchema),
});
export type WorkOrderPlan = z.infer<typeof workOrderPlanSchema>;
export const workOrderPlansAnswerSchema = z.array(workOrderPlanSchema);
export type WorkOrderPlansAnswer = z.infer<typeof workOrderPlansAnswerSchema>;
export const workOrderPlanItemParamSchema = z.object({ itemCode: code });
export type WorkOrderPlanItemParam = z.infer<typeof workOrderPlanItemParamSchema>;

/** createOrder (the production order dialog of an item). targetQuantity > 0. */
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

const production = rolesAccess('production');
const createOrder = rolesAccess('itemAuthCreateProductionOrder');

/** The work time and production order endpoints (see the list at the top). */
export const productionEndpoints = defineEndpoints('production', {
  workTimes: {
    method: 'GET',
    path: '/api/v1/production/work_times',
    access: production,
    query: workTimesQuerySchema,
    answer: workTimeEntriesAnswerSchema,
  },
  allWorkTimes: {
    method: 'GET',
    path: '/api/v1/production/work_times/all',
    access: rolesAccess('productionManager'),
    query: workTimesQuerySchema,
    answer: workTimeEntriesAnswerSchema,
  },
  saveWorkTime: {
    method: 'POST',
    path: '/api/v1/production/work_times',
    access: production,
    body: workTimeSaveRequestSchema,
    answer: workTimeEntrySchema,
  },
  flushWorkTimes: {
    method: 'POST',
    path: '/api/v1/production/work_times/flush',
    access: production,
    body: workTimeFlushRequestSchema,
    answer: workTimeFlushAnswerSchema,
  },
  stopWorkTime: {
    method: 'POST',
    path: '/api/v1/production/work_times/:id/stop',
    access: production,
    params: workTimeIdParamSchema,
    answer: workTimeEntrySchema,
  },
  deleteWorkTime: {
    method: 'DELETE',
    path: '/api/v1/production/work_times/:id',
    access: production,
    params: workTimeIdParamSchema,
    answer: okSchema,
  },
  workCenters: {
    method: 'GET',
    path: '/api/v1/production/resources',
    access: production,
    answer: workCentersAnswerSchema,
  },
  autocompleteWorkOrders: {
    method: 'GET',
    path: '/api/v1/production/work_orders/autocomplete/:text',
    access: production,
    params: workOrderAutocompleteParamSchema,
    answer: workOrdersAnswerSchema,
  },
  workOrderSteps: {
    method: 'POST',
    path: '/api/v1/production/work_orders/steps',
    access: production,
    body: workOrderStepsRequestSchema,
    answer: workOrderStepsAnswerSchema,
  },
  workOrderPlans: {
    method: 'GET',
    path: '/api/v1/production/work_order_plans/:itemCode',
    access: createOrder,
    params: workOrderPlanItemParamSchema,
    answer: workOrderPlansAnswerSchema,
  },
  /** Needs an Idempotency-Key header; a replay answers the first result with idempotent-replayed: true. */
  createOrder: {
    method: 'POST',
    path: '/api/v1/production/orders',
    access: createOrder,
    body: productionOrderCreateRequestSchema,
    answer: productionOrderCreatedSchema,
    status: 201,
  },
});
