import { sql } from 'kysely';
import { runCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/** A cart as read for a session: a bin location of type MOBILE that is no shipping container. */
export interface CartRow {
  id: number;
  code: string;
  location_type: string;
  warehouse_id: number;
  warehouse_code: string;
  is_container: number;
}

export function findCart(db: DbOrTx, code: string): Promise<CartRow | undefined> {
  const key = code.toLowerCase();
  return db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .select(['b.id', 'b.code', 'b.location_type', 'b.warehouse_id', 'w.code as warehouse_code'])
    .select(
      sql<number>`case when exists (select 1 from shipping_container c where c.bin_location_id = b.id) then 1 else 0 end`.as(
        'is_container',
      ),
    )
    .where((eb) => eb.or([eb('b.code_lower', '=', key), eb('b.barcode_lower', '=', key)]))
    .orderBy('b.id')
    .executeTakeFirst();
}

/** The caller's one PICK_AND_COLLECT claim, if any. */
export async function collectClaimOf(db: DbOrTx, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('claim')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'PICK_AND_COLLECT')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface SlotRow {
  cart_bin_location_id: number;
  cart_code: string;
  slot: string;
  claim_id: number;
  pick_list_id: number;
  pick_list_code: string;
  status: string;
  warehouse_id: number | null;
  warehouse_code: string | null;
  container_id: number | null;
  container_code: string | null;
}

/** The slots of a claim, A first; only slots whose list the claim still holds. */
export function slotsOfClaim(db: DbOrTx, claimId: number): Promise<SlotRow[]> {
  return db
    .selectFrom('pick_cart_slot as s')
    .innerJoin('bin_location as b', 'b.id', 's.cart_bin_location_id')
    .innerJoin('document as d', 'd.id', 's.pick_list_id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('shipping_container as c', 'c.id', 's.container_id')
    .innerJoin('claim_object as o', (join) =>
      join
        .onRef('o.object_id', '=', 's.pick_list_id')
        .on('o.object_type', '=', 'PICK_LIST')
        .onRef('o.claim_id', '=', 's.claim_id'),
    )
    .select([
      's.cart_bin_location_id',
      'b.code as cart_code',
      's.slot',
      's.claim_id',
      's.pick_list_id',
      'd.code as pick_list_code',
      'd.status',
      'd.warehouse_id',
      'w.code as warehouse_code',
      's.container_id',
      'c.code as container_code',
    ])
    .where('s.claim_id', '=', claimId)
    .orderBy('s.slot')
    .execute();
}

/** Who walks the cart now (another claim's slots), if anyone. */
export function cartHolder(db: DbOrTx, cartId: number) {
  return db
    .selectFrom('pick_cart_slot as s')
    .innerJoin('claim as c', 'c.id', 's.claim_id')
    .innerJoin('app_user as u', 'u.id', 'c.user_id')
    .select(['s.claim_id', 'c.user_id', 'u.username'])
    .where('s.cart_bin_location_id', '=', cartId)
    .executeTakeFirst();
}

/** Slots of lists that left the claim (detached by a manager) are dropped. */
export async function dropOrphanSlots(db: DbOrTx, claimId: number): Promise<void> {
  await db
    .deleteFrom('pick_cart_slot')
    .where('claim_id', '=', claimId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('claim_object as o')
            .select('o.object_id')
            .whereRef('o.object_id', '=', 'pick_cart_slot.pick_list_id')
            .where('o.object_type', '=', 'PICK_LIST')
            .whereRef('o.claim_id', '=', 'pick_cart_slot.claim_id'),
        ),
      ),
    )
    .execute();
}

export async function insertSlots(
  db: DbOrTx,
  rows: readonly { cartId: number; slot: string; claimId: number; pickListId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('pick_cart_slot')
    .values(
      rows.map((r) => ({
        cart_bin_location_id: r.cartId,
        slot: r.slot,
        claim_id: r.claimId,
        pick_list_id: r.pickListId,
        container_id: null,
      })),
    )
    .execute();
}

export async function setSlotContainer(db: DbOrTx, claimId: number, slot: string, containerId: number): Promise<void> {
  await db
    .updateTable('pick_cart_slot')
    .set({ container_id: containerId })
    .where('claim_id', '=', claimId)
    .where('slot', '=', slot)
    .execute();
}

export async function deleteSlotsOfList(db: DbOrTx, pickListId: number): Promise<void> {
  await db.deleteFrom('pick_cart_slot').where('pick_list_id', '=', pickListId).execute();
}

export async function deleteSlotsOfClaim(db: DbOrTx, claimId: number): Promise<void> {
  await db.deleteFrom('pick_cart_slot').where('claim_id', '=', claimId).execute();
}

/**
 * The slot a pick list is in on a cart now (the pick endpoint's wrongSlotScanned check): its
 * letter and container, or undefined when the list is not on a cart.
 */
export async function cartSlotOfList(db: DbOrTx, pickListId: number) {
  // Every pick asks it (cart-slot-check.ts): compiled once (db/compiled-query.ts).
  const { rows } = await runCompiled(
    db,
    'pickAndCollect.slotOfList',
    (slot) =>
      db
        .selectFrom('pick_cart_slot as s')
        .innerJoin('claim_object as o', (join) =>
          join
            .onRef('o.object_id', '=', 's.pick_list_id')
            .on('o.object_type', '=', 'PICK_LIST')
            .onRef('o.claim_id', '=', 's.claim_id'),
        )
        .leftJoin('shipping_container as c', 'c.id', 's.container_id')
        .select(['s.slot', 's.container_id', 'c.code_lower as container_code_lower'])
        .where('s.pick_list_id', '=', slot(0)),
    [pickListId],
  );
  return rows[0];
}

/**
 * The next open, unclaimed pick lists of a warehouse for a cart: by priority (highest first),
 * route, ship date, code.
 */
export function nextCollectableLists(db: DbOrTx, warehouseId: number, limit: number) {
  return db
    .selectFrom('document as d')
    .leftJoin('pick_list as p', 'p.document_id', 'd.id')
    .select(['d.id', 'd.code'])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', 'in', ['RELEASED', 'PARTLY_PICKED'])
    .where('d.warehouse_id', '=', warehouseId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('claim_object as o')
            .select('o.object_id')
            .whereRef('o.object_id', '=', 'd.id')
            .where('o.object_type', '=', 'PICK_LIST'),
        ),
      ),
    )
    .orderBy('d.priority', 'desc')
    .orderBy(sql`coalesce(p.route, '')`)
    .orderBy(sql`coalesce(d.ship_date, '9999')`)
    .orderBy('d.code')
    .limit(limit)
    .execute();
}

export function pickListHeads(db: DbOrTx, codes: readonly string[]) {
  return db
    .selectFrom('document as d')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .select(['d.id', 'd.code', 'd.status', 'd.warehouse_id', 'w.code as warehouse_code'])
    .where('d.type', '=', 'PICK_LIST')
    .where(
      'd.code_lower',
      'in',
      codes.map((c) => c.toLowerCase()),
    )
    .execute();
}
