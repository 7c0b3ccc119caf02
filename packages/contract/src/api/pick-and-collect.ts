import { z } from 'zod';
import { pickListStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { managedBySchema } from './items.js';

/**
 * Pick and collect (PROCESSES.md 3.4; docs/decisions/0184-pick-and-collect.md): one walk for
 * several pick lists into a cart (a MOBILE bin location) with one slot (A, B, ...) per list, each
 * slot holding that list's container. One PICK_AND_COLLECT claim covers the lists. Role
 * pickAndCollect.
 *
 * - GET  /api/v1/pick_and_collect/current   the caller's cart session (resume), or null
 * - POST /api/v1/pick_and_collect/start     {cart, pickLists?} or {cart, count?}: claims the lists
 *   (given, or the next N unclaimed open lists of the cart's warehouse by priority, route, ship
 *   date; N = settings.picking.clusterSize by default) and gives them slots A, B, ...
 * - POST /api/v1/pick_and_collect/slot      {slot, container}: the slot's container (a new code opens one)
 * - POST /api/v1/pick_and_collect/detach    {pickList}: one list leaves the cart and the claim
 *   (answers the session left, null when it was the last list)
 * - POST /api/v1/pick_and_collect/finish    {cartFull}: ends the walk; the claim and the slots go,
 *   lists with open lines stay open for another walk
 * Picks use POST /api/v1/pick_list/{code}/pick with the slot's container (wrongSlotScanned
 * {expected} for another container of a list on a cart).
 *
 * Refusals: 404 unknownLocation {code}; 422 locationIsNotMobile {code}, noPicklistsToCollect,
 * picklistOtherWarehouse {code, warehouse}, picklistNotInStatus {status}, unknownSlot {slot},
 * slotAlreadyUsedByOtherPicklist {slot, picklist}, containerBelongsToOtherPicklist {container,
 * picklist}, containerClosed {container}; 409 cartInUse {cart, username}, claimedByOtherUser
 * {username}, cartSessionRunning {cart} (the caller already walks another cart).
 */
const code = z.string().trim().min(1).max(100);

/** Slot names: A..Z (the cluster size is at most 26). */
export const cartSlotNames = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const slotName = z.string().regex(/^[A-Z]$/);

export const cartSlotSchema = z.object({
  slot: z.string(),
  pickList: z.string(),
  status: z.enum(pickListStatuses),
  /** The container in the slot (null: not scanned yet). */
  container: z.string().nullable(),
  /** Open lines of the list left to pick. */
  openLines: z.number().int(),
});
export type CartSlot = z.infer<typeof cartSlotSchema>;

/** One stop of the merged walk: what to take at a location for one list. */
export const cartWalkStopSchema = z.object({
  slot: z.string(),
  pickList: z.string(),
  lineNumber: z.number().int(),
  location: z.string(),
  sortingCode: z.string().nullable(),
  item: z.string(),
  itemName: z.string(),
  managedBy: managedBySchema,
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  /** Allocated at this location for the line, still to pick. */
  quantity: z.number(),
});
export type CartWalkStop = z.infer<typeof cartWalkStopSchema>;

export const cartSessionSchema = z.object({
  cart: z.string(),
  warehouse: z.string().nullable(),
  slots: z.array(cartSlotSchema),
  walk: z.array(cartWalkStopSchema),
});
export type CartSession = z.infer<typeof cartSessionSchema>;

export const cartStartRequestSchema = z.object({
  cart: code,
  pickLists: z.array(code).min(1).max(26).optional(),
  count: z.number().int().min(1).max(26).optional(),
});
export type CartStartRequest = z.input<typeof cartStartRequestSchema>;
export const cartSlotRequestSchema = z.object({ slot: slotName, container: code });
export const cartDetachRequestSchema = z.object({ pickList: code });
export const cartFinishRequestSchema = z.object({ cartFull: z.boolean().default(false) });
export const cartFinishAnswerSchema = z.object({
  pickLists: z.array(z.object({ code: z.string(), status: z.enum(pickListStatuses) })),
});
export const cartCurrentAnswerSchema = z.object({ session: cartSessionSchema.nullable() });

const collectors = rolesAccess('pickAndCollect');

export const pickAndCollectEndpoints = defineEndpoints('pickAndCollect', {
  current: {
    method: 'GET',
    path: '/api/v1/pick_and_collect/current',
    access: collectors,
    answer: cartCurrentAnswerSchema,
  },
  start: {
    method: 'POST',
    path: '/api/v1/pick_and_collect/start',
    access: collectors,
    body: cartStartRequestSchema,
    answer: cartSessionSchema,
  },
  slot: {
    method: 'POST',
    path: '/api/v1/pick_and_collect/slot',
    access: collectors,
    body: cartSlotRequestSchema,
    answer: cartSessionSchema,
  },
  detach: {
    method: 'POST',
    path: '/api/v1/pick_and_collect/detach',
    access: collectors,
    body: cartDetachRequestSchema,
    answer: cartCurrentAnswerSchema,
  },
  finish: {
    method: 'POST',
    path: '/api/v1/pick_and_collect/finish',
    access: collectors,
    body: cartFinishRequestSchema,
    answer: cartFinishAnswerSchema,
  },
});
