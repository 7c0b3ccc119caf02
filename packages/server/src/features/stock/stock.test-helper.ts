import { codeKey, paddedCodeKey } from '@wms/contract';
import type { Db } from '../../db/database.js';

/** Test lookups of demo records by code, and snapshots of stock and ledger. */
export async function itemIdOf(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('item').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirstOrThrow())
    .id;
}

export async function binIdOf(db: Db, code: string): Promise<number> {
  return (
    await db.selectFrom('bin_location').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirstOrThrow()
  ).id;
}

export async function batchIdOf(db: Db, itemCode: string, code: string): Promise<number> {
  const itemId = await itemIdOf(db, itemCode);
  return (
    await db
      .selectFrom('batch')
      .select('id')
      .where('item_id', '=', itemId)
      .where('code_key', '=', paddedCodeKey(code))
      .executeTakeFirstOrThrow()
  ).id;
}

/** An item's stock rows as readable records (quantities in thousandths), sorted by bin, batch, serial. */
export async function stockOf(db: Db, itemCode: string) {
  const rows = await db
    .selectFrom('stock as s')
    .innerJoin('item as i', 'i.id', 's.item_id')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 's.batch_id')
    .leftJoin('serial as se', 'se.id', 's.serial_id')
    .select([
      'b.code as bin',
      'ba.code as batch',
      'se.code as serial',
      'se.lot_code as lot',
      's.on_hand_qty as onHand',
      's.released_qty as released',
      's.pick_qty as pick',
      's.qc_pending as qcPending',
      's.qc_pending_qty as qcPendingQty',
    ])
    .where('i.code_lower', '=', codeKey(itemCode))
    .execute();
  return rows
    .map((r) => ({
      ...r,
      onHand: Number(r.onHand),
      released: Number(r.released),
      pick: Number(r.pick),
      qcPendingQty: Number(r.qcPendingQty),
    }))
    .sort(
      (a, b) =>
        a.bin.localeCompare(b.bin) ||
        (a.batch ?? '').localeCompare(b.batch ?? '') ||
        (a.serial ?? '').localeCompare(b.serial ?? '', undefined, { numeric: true }),
    );
}

/** On-hand thousandths per bin code of an item. */
export async function onHandPerBin(db: Db, itemCode: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const row of await stockOf(db, itemCode)) totals[row.bin] = (totals[row.bin] ?? 0) + row.onHand;
  return totals;
}

/** An item's ledger rows, oldest first. */
export async function ledgerOf(db: Db, itemCode: string) {
  const rows = await db
    .selectFrom('stock_ledger as g')
    .innerJoin('item as i', 'i.id', 'g.item_id')
    .innerJoin('bin_location as b', 'b.id', 'g.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'g.batch_id')
    .leftJoin('serial as se', 'se.id', 'g.serial_id')
    .select([
      'g.transaction_type as type',
      'g.username',
      'g.user_id as userId',
      'g.document_type as documentType',
      'g.document_code as documentCode',
      'g.idempotency_key as idempotencyKey',
      'g.quantity',
      'b.code as bin',
      'ba.code as batch',
      'se.code as serial',
    ])
    .where('i.code_lower', '=', codeKey(itemCode))
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

export async function countRows(db: Db, table: 'stock' | 'stock_ledger' | 'batch' | 'serial'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
