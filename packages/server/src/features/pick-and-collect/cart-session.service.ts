import { cartSlotNames, type CartSession } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { conflict, notFound, unprocessable } from '../../http/app-error.js';
import { claimObjects, releaseClaim } from '../claims/claims.service.js';
import { afterPickListCommit } from '../pick-lists/pick-list-live.js';
import * as carts from './cart-slots.repository.js';
import { buildCartSession } from './cart-walk.js';
import { containerForSlot } from './cart-containers.js';

/**
 * Pick and collect's cart session (contract pick-and-collect.ts; PROCESSES.md 3.4; decision 0184).
 * The session is the caller's one PICK_AND_COLLECT claim and its cart slots: starting claims the
 * lists and gives them slots; a slot gets its container by a scan; detach lets one list go;
 * finish lets the cart go. Picks use the pick list pick endpoint with the slot's container.
 */
const collectable = new Set(['RELEASED', 'PARTLY_PICKED']);
const attemptsAtMost = 3;

/**
 * The caller's PICK_AND_COLLECT claim and its slots, A first (slots of lists that left the claim
 * are dropped first); null when there is no session. Read once per request.
 */
async function sessionSlots(tx: Tx, userId: number): Promise<{ claimId: number; slots: carts.SlotRow[] } | null> {
  const claimId = await carts.collectClaimOf(tx, userId);
  if (claimId === null) return null;
  await carts.dropOrphanSlots(tx, claimId);
  const slots = await carts.slotsOfClaim(tx, claimId);
  return slots.length === 0 ? null : { claimId, slots };
}

/** The session of a claim as it is now (after a change of its slots); null when no slot is left. */
async function sessionOfClaim(tx: Tx, claimId: number): Promise<CartSession | null> {
  const slots = await carts.slotsOfClaim(tx, claimId);
  return slots.length === 0 ? null : buildCartSession(tx, slots);
}

/** The caller's session, or 404 notFound {session: pick_and_collect}. */
async function requireSession(tx: Tx, userId: number): Promise<{ claimId: number; slots: carts.SlotRow[] }> {
  const found = await sessionSlots(tx, userId);
  if (!found) throw notFound('notFound', { session: 'pick_and_collect' });
  return found;
}

export function currentCartSession(ctx: AppContext, caller: Principal): Promise<CartSession | null> {
  return ctx.db.transaction().execute(async (tx) => {
    const found = await sessionSlots(tx, caller.userId);
    return found ? buildCartSession(tx, found.slots) : null;
  });
}

/** The lists a start asks for: the given codes, checked; or the next N of the cart's warehouse. */
async function listsToCollect(
  tx: Tx,
  cart: carts.CartRow,
  request: { pickLists?: string[] | undefined; count?: number | undefined },
  clusterSize: number,
) {
  if (!request.pickLists) {
    return carts.nextCollectableLists(tx, cart.warehouse_id, request.count ?? clusterSize);
  }
  const heads = await carts.pickListHeads(tx, request.pickLists);
  const ordered = request.pickLists.map((code) => {
    const head = heads.find((h) => h.code.toLowerCase() === code.toLowerCase());
    if (!head) throw notFound('unknownDocument', { type: 'PICK_LIST', code });
    if (!collectable.has(head.status)) throw unprocessable('picklistNotInStatus', { status: head.status });
    if (head.warehouse_id !== cart.warehouse_id) {
      throw unprocessable('picklistOtherWarehouse', { code: head.code, warehouse: head.warehouse_code });
    }
    return head;
  });
  return [...new Map(ordered.map((h) => [h.id, h])).values()];
}

export async function startCartSession(
  ctx: AppContext,
  caller: Principal,
  request: { cart: string; pickLists?: string[] | undefined; count?: number | undefined },
): Promise<CartSession> {
  const { clusterSize } = (await ctx.settings.settings()).picking;
  for (let attempt = 1; ; attempt++) {
    try {
      const { session, codes } = await ctx.db.transaction().execute(async (tx) => {
        const cart = await carts.findCart(tx, request.cart);
        if (!cart) throw notFound('unknownLocation', { code: request.cart });
        if (cart.location_type !== 'MOBILE' || cart.is_container === 1) {
          throw unprocessable('locationIsNotMobile', { code: cart.code });
        }
        const running = await sessionSlots(tx, caller.userId);
        if (running) {
          const runningCart = running.slots[0]?.cart_code ?? '';
          if (runningCart !== cart.code) throw conflict('cartSessionRunning', { cart: runningCart });
          return { session: await buildCartSession(tx, running.slots), codes: [] };
        }
        const holder = await carts.cartHolder(tx, cart.id);
        if (holder && holder.user_id !== caller.userId) {
          throw conflict('cartInUse', { cart: cart.code, username: holder.username });
        }
        const lists = await listsToCollect(tx, cart, request, clusterSize);
        if (lists.length === 0) throw unprocessable('noPicklistsToCollect');
        if (lists.length > cartSlotNames.length) throw unprocessable('noPicklistsToCollect');
        const { claimId } = await claimObjects(tx, {
          caller,
          userId: caller.userId,
          kind: 'PICK_AND_COLLECT',
          objects: lists.map((l) => ({ type: 'PICK_LIST' as const, id: l.id })),
        });
        await carts.deleteSlotsOfClaim(tx, claimId);
        await carts.insertSlots(
          tx,
          lists.map((l, index) => ({
            cartId: cart.id,
            slot: cartSlotNames[index] as string,
            claimId,
            pickListId: l.id,
          })),
        );
        const started = await sessionOfClaim(tx, claimId);
        if (!started) throw new Error('cart session not readable after start');
        return { session: started, codes: lists.map((l) => l.code) };
      });
      await afterPickListCommit(ctx, codes);
      return session;
    } catch (error) {
      // "Next N": another picker took one of the lists between the read and the claim; read again.
      const retry =
        !request.pickLists &&
        attempt < attemptsAtMost &&
        error instanceof Error &&
        'key' in error &&
        error.key === 'claimedByOtherUser';
      if (!retry) throw error;
    }
  }
}

export async function assignSlotContainer(
  ctx: AppContext,
  caller: Principal,
  request: { slot: string; container: string },
): Promise<CartSession> {
  return ctx.db.transaction().execute(async (tx) => {
    const { claimId, slots } = await requireSession(tx, caller.userId);
    const slot = slots.find((s) => s.slot === request.slot);
    if (!slot) throw unprocessable('unknownSlot', { slot: request.slot });
    const containerId = await containerForSlot(tx, ctx, caller, slot, request.container);
    const other = slots.find((s) => s.slot !== slot.slot && s.container_id === containerId);
    if (other)
      throw unprocessable('slotAlreadyUsedByOtherPicklist', { slot: other.slot, picklist: other.pick_list_code });
    await carts.setSlotContainer(tx, claimId, slot.slot, containerId);
    const session = await sessionOfClaim(tx, claimId);
    if (!session) throw new Error('cart session lost');
    return session;
  });
}

export async function detachFromCart(
  ctx: AppContext,
  caller: Principal,
  pickList: string,
): Promise<{ session: CartSession | null }> {
  const session = await ctx.db.transaction().execute(async (tx) => {
    const { claimId, slots } = await requireSession(tx, caller.userId);
    const slot = slots.find((s) => s.pick_list_code.toLowerCase() === pickList.toLowerCase());
    if (!slot) throw notFound('unknownDocument', { type: 'PICK_LIST', code: pickList });
    await carts.deleteSlotsOfList(tx, slot.pick_list_id);
    await releaseClaim(tx, { userId: caller.userId, objects: [{ type: 'PICK_LIST', id: slot.pick_list_id }] });
    return { next: await sessionOfClaim(tx, claimId), code: slot.pick_list_code };
  });
  await afterPickListCommit(ctx, [session.code]);
  return { session: session.next };
}

export async function finishCartSession(ctx: AppContext, caller: Principal) {
  const lists = await ctx.db.transaction().execute(async (tx) => {
    const { claimId, slots } = await requireSession(tx, caller.userId);
    await carts.deleteSlotsOfClaim(tx, claimId);
    await releaseClaim(tx, {
      userId: caller.userId,
      objects: slots.map((s) => ({ type: 'PICK_LIST' as const, id: s.pick_list_id })),
    });
    // The statuses as read with the slots in this transaction: letting the cart go changes none.
    return slots.map((s) => ({ code: s.pick_list_code, status: s.status as CartSession['slots'][number]['status'] }));
  });
  await afterPickListCommit(
    ctx,
    lists.map((l) => l.code),
  );
  return { pickLists: lists };
}
