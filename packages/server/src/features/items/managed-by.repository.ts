import type { ManagedBy } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import type { ConversionRow } from './managed-by-plan.js';

/**
 * Switches the item's management type when it is still `from`, with its flags and a new
 * version. On PostgreSQL the update also locks the item row until the conversion commits, so
 * two conversions of one item run one after the other (the second then finds 0 rows).
 */
export async function switchManagedBy(
  db: DbOrTx,
  itemId: number,
  from: string,
  to: ManagedBy,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('item')
    .set((eb) => ({
      managed_by: to,
      has_batch: to === 'BATCH_NUMBER' ? 1 : 0,
      serial: to === 'SERIAL_NUMBER' ? 1 : 0,
      // Serials recorded at dispatch only make sense for a serial-managed item.
      ...(to === 'SERIAL_NUMBER' ? {} : { serial_managed_by_dispatch: 0 }),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', itemId)
    .where('managed_by', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every stock row of the item, in a stable order (bin, batch, serial). */
export async function stockRowsOfItem(db: DbOrTx, itemId: number): Promise<ConversionRow[]> {
  const rows = await db
    .selectFrom('stock as s')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .select([
      's.batch_id',
      's.serial_id',
      's.bin_location_id',
      'b.code as bin_code',
      's.on_hand_qty',
      's.released_qty',
      's.pick_qty',
      's.qc_pending_qty',
    ])
    .where('s.item_id', '=', itemId)
    .orderBy('s.bin_location_id')
    .orderBy('s.batch_id')
    .orderBy('s.serial_id')
    .execute();
  return rows.map((r) => ({
    batchId: r.batch_id,
    serialId: r.serial_id,
    binLocationId: r.bin_location_id,
    binCode: r.bin_code,
    onHand: Number(r.on_hand_qty),
    released: Number(r.released_qty),
    pick: Number(r.pick_qty),
    qcPending: Number(r.qc_pending_qty),
  }));
}

/** The item's batch with this code key, created (admitted today) when missing. */
export async function findOrCreateBatch(
  db: DbOrTx,
  itemId: number,
  batch: { code: string; codeKey: string; admissionDate: string },
): Promise<number> {
  await db
    .insertInto('batch')
    .values({
      item_id: itemId,
      code: batch.code,
      code_key: batch.codeKey,
      visual_code: batch.code,
      admission_date: batch.admissionDate,
      quality_control_approved_or_not_required: 1,
    })
    .onConflict((oc) => oc.columns(['item_id', 'code_key']).doNothing())
    .execute();
  const row = await db
    .selectFrom('batch')
    .select('id')
    .where('item_id', '=', itemId)
    .where('code_key', '=', batch.codeKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function serialCodeKeysOfItem(db: DbOrTx, itemId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('serial').select('code_key').where('item_id', '=', itemId).execute();
  return new Set(rows.map((r) => r.code_key));
}

export interface NewSerial {
  code: string;
  codeKey: string;
  lotCode: string;
  admissionDate: string;
  qualityControlApproved: boolean;
}

/** Inserts the serials; answers their ids in the order given. */
export async function insertSerials(db: DbOrTx, itemId: number, serials: readonly NewSerial[]): Promise<number[]> {
  const idByKey = new Map<string, number>();
  for (let i = 0; i < serials.length; i += 400) {
    const rows = await db
      .insertInto('serial')
      .values(
        serials.slice(i, i + 400).map((s) => ({
          item_id: itemId,
          code: s.code,
          code_key: s.codeKey,
          visual_code: s.code,
          lot_code: s.lotCode,
          admission_date: s.admissionDate,
          quality_control_approved_or_not_required: s.qualityControlApproved ? 1 : 0,
        })),
      )
      .returning(['id', 'code_key'])
      .execute();
    for (const r of rows) idByKey.set(r.code_key, r.id);
  }
  return serials.map((s) => {
    const id = idByKey.get(s.codeKey);
    if (id === undefined) throw new Error(`serial ${s.code} not inserted`);
    return id;
  });
}

export function binCodesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('bin_location').select('code').where('id', 'in', ids).orderBy('code_lower').execute();
}
