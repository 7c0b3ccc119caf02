import { z } from 'zod';
import { shipToAddressSchema } from './address-validation.js';
import { pickListStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { pickListCodeParamsSchema } from './pick-list-model.js';

/**
 * Multi-address delivery: the put wall (PROCESSES.md 3.10; issue 19 item 4;
 * docs/decisions/0188-multi-address-delivery.md). Role multiAddressDeliveries, under
 * /api/v1/multi_address_delivery/:
 * - POST start {scan}                    a container (or the code) of a PICKED multi-address list:
 *                                        the put wall opens, one slot (A, B, ...) per ship-to
 * - GET  {code}                          the put wall (reload, resume)
 * - POST {code}/locate {item, batch?, serial?}  which slot still needs the unit (nothing changes)
 * - POST {code}/put {idempotencyKey, item, batch?, serial?, container}  the slot's container
 *        confirms: ONE TRANSFER of the unit into it (a slot without container takes the scanned
 *        one, a new code opens a container of the list); a slot complete closes its container and
 *        gets its own DELIVERY; the last one closes the list.
 * Refusals: 404 unknownDocument (view, locate, put of an unknown list); 422
 * unknownPicklistOrContainer {scan}, picklistNotInStatus {status},
 * pickListNotMultiAddress {picklist}, itemNotForAnyOpenAddress {item}, wrongSlotScanned
 * {expected, slot}, containerBelongsToOtherPicklist, containerClosed, addressNotValidated.
 */
const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);

export const putWallSlotStatuses = ['OPEN', 'DELIVERED'] as const;
export type PutWallSlotStatus = (typeof putWallSlotStatuses)[number];

export const putWallStartRequestSchema = z.object({ scan: code });
export type PutWallStartRequest = z.input<typeof putWallStartRequestSchema>;

export const putWallUnitSchema = z.object({
  item: code,
  batch: code.nullable().optional(),
  serial: code.nullable().optional(),
});
export type PutWallUnit = z.input<typeof putWallUnitSchema>;

export const putWallPutRequestSchema = putWallUnitSchema.extend({ idempotencyKey, container: code });
export type PutWallPutRequest = z.input<typeof putWallPutRequestSchema>;

export const putWallSlotLineSchema = z.object({
  item: z.string(),
  itemName: z.string(),
  /** Units due for this address (picked for its order lines). */
  due: z.number(),
  /** Units put into the slot's container. */
  put: z.number(),
});
export type PutWallSlotLine = z.infer<typeof putWallSlotLineSchema>;

export const putWallSlotSchema = z.object({
  slot: z.string(),
  /** The address's name (else its city): what the screen shows, "Store 12". */
  name: z.string(),
  address: shipToAddressSchema,
  container: z.string().nullable(),
  status: z.enum(putWallSlotStatuses),
  delivery: z.string().nullable(),
  lines: z.array(putWallSlotLineSchema),
});
export type PutWallSlot = z.infer<typeof putWallSlotSchema>;

export const putWallViewSchema = z.object({
  pickList: z.object({ code: z.string(), status: z.enum(pickListStatuses), version: z.number().int() }),
  slots: z.array(putWallSlotSchema),
  /** Every slot delivered: the list is CLOSED. */
  done: z.boolean(),
});
export type PutWallView = z.infer<typeof putWallViewSchema>;

/** Where a unit goes: "Store 12, slot C, 3 of 5" (put and due for that address and item). */
export const putWallTargetSchema = z.object({
  slot: z.string(),
  name: z.string(),
  container: z.string().nullable(),
  item: z.string(),
  put: z.number(),
  due: z.number(),
});
export type PutWallTarget = z.infer<typeof putWallTargetSchema>;

export const putWallPutAnswerSchema = z.object({
  view: putWallViewSchema,
  /** The slot after the put (put counts the unit). */
  target: putWallTargetSchema,
  /** The delivery made when this put completed its address (null otherwise or on a replay). */
  delivery: z.string().nullable(),
  replayed: z.boolean(),
});
export type PutWallPutAnswer = z.infer<typeof putWallPutAnswerSchema>;

const putters = rolesAccess('multiAddressDeliveries');
const params = pickListCodeParamsSchema;
const base = '/api/v1/multi_address_delivery';

export const multiAddressDeliveryEndpoints = defineEndpoints('multiAddressDelivery', {
  start: {
    method: 'POST',
    path: `${base}/start`,
    access: putters,
    body: putWallStartRequestSchema,
    answer: putWallViewSchema,
  },
  view: { method: 'GET', path: `${base}/:code`, access: putters, params, answer: putWallViewSchema },
  locate: {
    method: 'POST',
    path: `${base}/:code/locate`,
    access: putters,
    params,
    body: putWallUnitSchema,
    answer: putWallTargetSchema,
  },
  put: {
    method: 'POST',
    path: `${base}/:code/put`,
    access: putters,
    params,
    body: putWallPutRequestSchema,
    answer: putWallPutAnswerSchema,
  },
});
