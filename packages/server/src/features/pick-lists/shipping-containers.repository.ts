import { randomUUID } from 'node:crypto';
import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { newBinLocationRow } from '../items/item-rows.js';

/** Writes of shipping containers: each has its own MOBILE bin location (decision 0183). */

/**
 * PostgreSQL: serialises the transactions that open a container under one code (SQLite runs one
 * writer); answers whether it took the lock (a row read before it is read again after).
 */
export async function lockContainerCode(tx: DbOrTx, code: string): Promise<boolean> {
  if (isSqlite(tx)) return false;
  await sql`select pg_advisory_xact_lock(hashtext(${`shipping-container:${codeKey(code)}`}))`.execute(tx);
  return true;
}

/** Whether a bin location (a container's or any other) has this code. */
export async function binLocationCodeTaken(tx: DbOrTx, code: string): Promise<boolean> {
  const row = await tx
    .selectFrom('bin_location')
    .select('id')
    .where('code_lower', '=', codeKey(code))
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewContainer {
  /** The code, or null: the caller names it after its id (renameContainer). */
  code: string | null;
  sscc: boolean;
  warehouseId: number;
  type: string;
  boxType: string | null;
  pickListId: number;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  username: string;
  at: string;
}

/** Inserts the container and its MOBILE bin location; answers the container id and bin location id. */
export async function insertContainer(
  tx: DbOrTx,
  container: NewContainer,
): Promise<{ id: number; binLocationId: number }> {
  const code = container.code ?? `~shipping-container-${randomUUID()}`;
  const bin = await tx
    .insertInto('bin_location')
    .values(
      newBinLocationRow(
        { code, warehouseId: container.warehouseId, locationType: 'MOBILE', physicalLocationType: 'NORMAL' },
        container.at,
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await tx
    .insertInto('shipping_container')
    .values({
      code,
      code_lower: codeKey(code),
      sscc: container.sscc ? 1 : 0,
      bin_location_id: bin.id,
      type: container.type,
      box_type: container.boxType,
      status: 'OPEN',
      pick_list_id: container.pickListId,
      delivery_id: null,
      weight_mg: null,
      length_mm: container.lengthMm,
      width_mm: container.widthMm,
      height_mm: container.heightMm,
      created_by: container.username,
      created_at: container.at,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, binLocationId: bin.id };
}

/** Gives a container and its bin location their final code. */
export async function renameContainer(
  tx: DbOrTx,
  ids: { id: number; binLocationId: number },
  code: string,
): Promise<void> {
  await tx
    .updateTable('shipping_container')
    .set({ code, code_lower: codeKey(code) })
    .where('id', '=', ids.id)
    .execute();
  await tx
    .updateTable('bin_location')
    .set({ code, code_lower: codeKey(code), visual_code: code })
    .where('id', '=', ids.binLocationId)
    .execute();
}

export function findBoxType(db: DbOrTx, code: string) {
  return db
    .selectFrom('shipping_box_type')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
}

export function listBoxTypes(db: DbOrTx) {
  return db.selectFrom('shipping_box_type').selectAll().orderBy('code').execute();
}

/** Sets a container's status (and on close its weight and dimensions) where its status is still `from`. */
export async function updateContainerStatus(
  tx: DbOrTx,
  id: number,
  from: string,
  changes: {
    status: string;
    closedAt: string | null;
    weightMg?: number | null;
    lengthMm?: number | null;
    widthMm?: number | null;
    heightMm?: number | null;
  },
): Promise<boolean> {
  const result = await tx
    .updateTable('shipping_container')
    .set({
      status: changes.status,
      closed_at: changes.closedAt,
      ...(changes.weightMg !== undefined ? { weight_mg: changes.weightMg } : {}),
      ...(changes.lengthMm !== undefined ? { length_mm: changes.lengthMm } : {}),
      ...(changes.widthMm !== undefined ? { width_mm: changes.widthMm } : {}),
      ...(changes.heightMm !== undefined ? { height_mm: changes.heightMm } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The on-hand stock in a bin location (integer thousandths). */
export async function onHandIn(db: DbOrTx, binLocationId: number): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select((eb) => eb.fn.sum<number | string | null>('on_hand_qty').as('n'))
    .where('bin_location_id', '=', binLocationId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}
