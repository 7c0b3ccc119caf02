import type { DbOrTx, Tx } from '../../db/database.js';

/** Batches and serials as receipts create them (batch-serial-admission.service.ts). */

const chunkSize = 300;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
};

export interface KeyPair {
  itemId: number;
  /** paddedCodeKey of the code. */
  codeKey: string;
}

/** The batches of these (item, code key) pairs (a superset is read per chunk; the caller matches pairs). */
export async function batchesOf(db: DbOrTx, pairs: readonly KeyPair[]) {
  const rows = [];
  for (const part of chunks(pairs)) {
    rows.push(
      ...(await db
        .selectFrom('batch')
        .select(['id', 'item_id', 'code', 'code_key', 'expiration_date'])
        .where('item_id', 'in', [...new Set(part.map((p) => p.itemId))])
        .where('code_key', 'in', [...new Set(part.map((p) => p.codeKey))])
        .execute()),
    );
  }
  return rows;
}

/** The serials of these pairs, and whether any unit of each is in stock. */
export async function serialsOf(db: DbOrTx, pairs: readonly KeyPair[]) {
  const rows = [];
  for (const part of chunks(pairs)) {
    rows.push(
      ...(await db
        .selectFrom('serial as s')
        .select([
          's.id',
          's.item_id',
          's.code',
          's.code_key',
          (eb) =>
            eb
              .exists(eb.selectFrom('stock as st').select('st.id').whereRef('st.serial_id', '=', 's.id'))
              .as('in_stock'),
        ])
        .where('s.item_id', 'in', [...new Set(part.map((p) => p.itemId))])
        .where('s.code_key', 'in', [...new Set(part.map((p) => p.codeKey))])
        .execute()),
    );
  }
  return rows;
}

export interface BatchInsert {
  item_id: number;
  code: string;
  code_key: string;
  visual_code: string;
  mnf_batch_code: string | null;
  admission_date: string;
  manufacturing_date: string | null;
  expiration_date: string | null;
  quality_control_approved_or_not_required: number;
}

export async function insertBatches(tx: Tx, rows: readonly BatchInsert[]) {
  const inserted = [];
  for (const part of chunks(rows)) {
    inserted.push(...(await tx.insertInto('batch').values(part).returning(['id', 'item_id', 'code_key']).execute()));
  }
  return inserted;
}

export interface SerialInsert {
  item_id: number;
  code: string;
  code_key: string;
  visual_code: string;
  mnf_serial_code: string | null;
  admission_date: string;
  quality_control_approved_or_not_required: number;
}

export async function insertSerials(tx: Tx, rows: readonly SerialInsert[]) {
  const inserted = [];
  for (const part of chunks(rows)) {
    inserted.push(...(await tx.insertInto('serial').values(part).returning(['id', 'item_id', 'code_key']).execute()));
  }
  return inserted;
}

/** A known serial received again: its admission, supplier serial and QC flag are the new receipt's. */
export async function readmitSerial(
  tx: Tx,
  id: number,
  values: { mnf_serial_code: string | null; admission_date: string; quality_control_approved_or_not_required: number },
): Promise<void> {
  await tx.updateTable('serial').set(values).where('id', '=', id).execute();
}
