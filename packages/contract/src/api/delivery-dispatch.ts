import { z } from 'zod';
import { idParamSchema, isoDateTime } from './common.js';
import { deliveryCodeParamsSchema } from './deliveries.js';
import { deliveryStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { shippingContainerStatuses } from './pick-list-model.js';

/**
 * Delivery dispatch: loading at the dock (PROCESSES.md 3.8; issue 19 item 2;
 * docs/decisions/0187-delivery-dispatch.md). Role delivery.
 *
 * - GET  /api/v1/delivery/notDispatched               CREATED deliveries grouped by route
 * - POST /api/v1/delivery/{code}/markDispatched        {version}: the whole delivery at once
 * - POST /api/v1/delivery_dispatch/load                {idempotencyKey, dock, route?}: opens a load
 * - GET  /api/v1/delivery_dispatch/load/{id}           the load (reload)
 * - POST /api/v1/delivery_dispatch/load/{id}/container {idempotencyKey, container, confirm?}
 *        the container is loaded: DELIVERED -> DISPATCHED; a delivery's last container dispatches it
 * - POST /api/v1/delivery_dispatch/load/{id}/close     {confirmIncomplete?}
 *
 * Refusals (errors.ts): 404 unknownDocument, unknownLoad; 412 optimisticLockConflict; 422
 * containerNotInDelivery {container}, deliveryAlreadyDispatched {delivery}, containerOfOtherRoute
 * {container, route, loadRoute} (a warning: the same scan with confirm loads it),
 * containerAlreadyLoaded {container, load}, loadClosed {load}, loadIncomplete {missing}
 * (a confirmation: confirmIncomplete closes it), invalidStatusTransition {status}.
 */
const idempotencyKey = z.string().trim().min(8).max(100);
const partnerSchema = z.object({ code: z.string(), name: z.string() });

/** A dock or truck: a free code (a bin location's code or a truck's plate), up to 40 characters. */
export const dockCodeSchema = z.string().trim().min(1).max(40);
export const loadStatuses = ['OPEN', 'CLOSED'] as const;
export type LoadStatus = (typeof loadStatuses)[number];

export const dispatchContainerSchema = z.object({
  code: z.string(),
  status: z.enum(shippingContainerStatuses),
  /** Loaded onto a truck (DISPATCHED). */
  loaded: z.boolean(),
});
export type DispatchContainer = z.infer<typeof dispatchContainerSchema>;

export const dispatchDeliverySchema = z.object({
  code: z.string(),
  status: z.enum(deliveryStatuses),
  version: z.number().int(),
  warehouse: z.string().nullable(),
  customer: partnerSchema.nullable(),
  shipTo: z.record(z.string(), z.unknown()).nullable(),
  shipDate: z.string().nullable(),
  /** The pick list's route (the model has no carrier). */
  route: z.string().nullable(),
  containers: z.array(dispatchContainerSchema),
  loaded: z.number().int(),
  total: z.number().int(),
  dispatchedAt: isoDateTime.nullable(),
  dispatchedBy: z.string().nullable(),
});
export type DispatchDelivery = z.infer<typeof dispatchDeliverySchema>;

export const notDispatchedQuerySchema = z.object({
  warehouse: z.string().trim().min(1).max(100).optional(),
});
export type NotDispatchedQuery = z.input<typeof notDispatchedQuerySchema>;

export const notDispatchedAnswerSchema = z.object({
  /** One group per route (null: deliveries without a route), routes in order, deliveries by ship date. */
  groups: z.array(z.object({ route: z.string().nullable(), deliveries: z.array(dispatchDeliverySchema) })),
  /** More than the 500 shown. */
  truncated: z.boolean(),
});
export type NotDispatchedAnswer = z.infer<typeof notDispatchedAnswerSchema>;

export const markDispatchedRequestSchema = z.object({ version: z.number().int() });
export type MarkDispatchedRequest = z.input<typeof markDispatchedRequestSchema>;

export const loadOpenRequestSchema = z.object({
  idempotencyKey,
  dock: dockCodeSchema,
  /** The route the load is for; without one, the first container loaded sets it. */
  route: z.string().trim().min(1).max(100).optional(),
});
export type LoadOpenRequest = z.input<typeof loadOpenRequestSchema>;

export const loadContainerRequestSchema = z.object({
  idempotencyKey,
  container: z.string().trim().min(1).max(100),
  /** The containerOfOtherRoute warning confirmed (the same container scanned again). */
  confirm: z.boolean().default(false),
});
export type LoadContainerRequest = z.input<typeof loadContainerRequestSchema>;

export const loadCloseRequestSchema = z.object({
  /** Close although containers of started deliveries are missing (they stay CREATED). */
  confirmIncomplete: z.boolean().default(false),
});
export type LoadCloseRequest = z.input<typeof loadCloseRequestSchema>;

export const loadSchema = z.object({
  id: z.number().int(),
  dock: z.string(),
  route: z.string().nullable(),
  status: z.enum(loadStatuses),
  openedBy: z.string(),
  openedAt: isoDateTime,
  closedBy: z.string().nullable(),
  closedAt: isoDateTime.nullable(),
  /** The containers loaded, in order. */
  containers: z.array(
    z.object({ code: z.string(), delivery: z.string(), loadedBy: z.string(), loadedAt: isoDateTime }),
  ),
  /** The deliveries this load started, with what is loaded of them. */
  deliveries: z.array(dispatchDeliverySchema),
  /** Containers of started deliveries not loaded yet. */
  missing: z.array(z.string()),
});
export type Load = z.infer<typeof loadSchema>;

export const loadContainerAnswerSchema = z.object({
  load: loadSchema,
  container: z.string(),
  /** The container's delivery after the scan ("2 of 3 loaded"). */
  delivery: dispatchDeliverySchema,
  /** This scan's container was the delivery's last: the delivery is DISPATCHED. */
  dispatched: z.boolean(),
  /** The idempotency key was seen before: nothing changed. */
  replayed: z.boolean(),
});
export type LoadContainerAnswer = z.infer<typeof loadContainerAnswerSchema>;

const dispatchers = rolesAccess('delivery');
const loadParams = idParamSchema;

export const deliveryDispatchEndpoints = defineEndpoints('deliveryDispatch', {
  notDispatched: {
    method: 'GET',
    path: '/api/v1/delivery/notDispatched',
    access: dispatchers,
    query: notDispatchedQuerySchema,
    answer: notDispatchedAnswerSchema,
  },
  markDispatched: {
    method: 'POST',
    path: '/api/v1/delivery/:code/markDispatched',
    access: dispatchers,
    params: deliveryCodeParamsSchema,
    body: markDispatchedRequestSchema,
    answer: dispatchDeliverySchema,
  },
  openLoad: {
    method: 'POST',
    path: '/api/v1/delivery_dispatch/load',
    access: dispatchers,
    body: loadOpenRequestSchema,
    answer: loadSchema,
  },
  load: {
    method: 'GET',
    path: '/api/v1/delivery_dispatch/load/:id',
    access: dispatchers,
    params: loadParams,
    answer: loadSchema,
  },
  loadContainer: {
    method: 'POST',
    path: '/api/v1/delivery_dispatch/load/:id/container',
    access: dispatchers,
    params: loadParams,
    body: loadContainerRequestSchema,
    answer: loadContainerAnswerSchema,
  },
  closeLoad: {
    method: 'POST',
    path: '/api/v1/delivery_dispatch/load/:id/close',
    access: dispatchers,
    params: loadParams,
    body: loadCloseRequestSchema,
    answer: loadSchema,
  },
});
