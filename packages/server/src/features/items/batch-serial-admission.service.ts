import { paddedCodeKey } from '@wms/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import * as repository from './batch-serial-admission.repository.js';

/**
 * How received stock gets its batches and serials (goods receipt finish, opening stock import):
 * in batches of rows (one query per chunk, multi-row inserts), so a file of 100,000 rows admits
 * its batches in seconds. Codes match zero-padded (paddedCodeKey), as every batch and serial
 * lookup does; maps are keyed by `admissionKey(itemId, code)`.
 */

export const admissionKey = (itemId: number, code: string): string => `${itemId}:${paddedCodeKey(code)}`;

const pairsOf = (rows: readonly { itemId: number; code: string }[]): repository.KeyPair[] =>
  rows.map((r) => ({ itemId: r.itemId, codeKey: paddedCodeKey(r.code) }));

/** The known batches among these: key -> id, code and expiry. */
export async function knownBatches(db: DbOrTx, batches: readonly { itemId: number; code: string }[]) {
  const wanted = new Set(batches.map((b) => admissionKey(b.itemId, b.code)));
  const found = new Map<string, { id: number; code: string; expirationDate: string | null }>();
  for (const row of await repository.batchesOf(db, pairsOf(batches))) {
    const key = `${row.item_id}:${row.code_key}`;
    if (wanted.has(key)) found.set(key, { id: row.id, code: row.code, expirationDate: row.expiration_date });
  }
  return found;
}

/** The known serials among these: key -> id and whether a unit is in stock. */
export async function knownSerials(db: DbOrTx, serials: readonly { itemId: number; code: string }[]) {
  const wanted = new Set(serials.map((s) => admissionKey(s.itemId, s.code)));
  const found = new Map<string, { id: number; inStock: boolean }>();
  for (const row of await repository.serialsOf(db, pairsOf(serials))) {
    const key = `${row.item_id}:${row.code_key}`;
    if (wanted.has(key)) found.set(key, { id: row.id, inStock: Boolean(row.in_stock) });
  }
  return found;
}

export interface BatchToAdmit {
  itemId: number;
  code: string;
  expirationDate: string | null;
  manufacturingDate: string | null;
  mnfBatchCode: string | null;
  /** false: the stock is QC-pending (qualityControlApprovedOrNotRequired = false). */
  qcApproved: boolean;
}

/**
 * The batch id of each (item, code): a known batch as it is, else a new one with admissionDate =
 * at and the first given row's dates, supplier batch and QC flag.
 */
export async function admitBatches(tx: Tx, batches: readonly BatchToAdmit[], at: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [key, known] of await knownBatches(tx, batches)) ids.set(key, known.id);
  const fresh = new Map<string, BatchToAdmit>();
  for (const batch of batches) {
    const key = admissionKey(batch.itemId, batch.code);
    if (!ids.has(key) && !fresh.has(key)) fresh.set(key, batch);
  }
  const inserted = await repository.insertBatches(
    tx,
    [...fresh.values()].map((b) => ({
      item_id: b.itemId,
      code: b.code,
      code_key: paddedCodeKey(b.code),
      visual_code: b.code,
      mnf_batch_code: b.mnfBatchCode,
      admission_date: at,
      manufacturing_date: b.manufacturingDate,
      expiration_date: b.expirationDate,
      quality_control_approved_or_not_required: b.qcApproved ? 1 : 0,
    })),
  );
  for (const row of inserted) ids.set(`${row.item_id}:${row.code_key}`, row.id);
  return ids;
}

export interface SerialToAdmit {
  itemId: number;
  /** For the refusal's arguments. */
  itemCode: string;
  code: string;
  mnfSerialCode: string | null;
  qcApproved: boolean;
}

/**
 * The serial id of each (item, code): a new serial, or the item's known serial not in stock
 * admitted again (admissionDate = at). A serial with a unit in stock is 422 serialAlreadyExists
 * {item, serial}: nothing is admitted then (the caller's transaction rolls back).
 */
export async function admitSerials(
  tx: Tx,
  serials: readonly SerialToAdmit[],
  at: string,
): Promise<Map<string, number>> {
  const known = await knownSerials(tx, serials);
  const inStock = serials.find((s) => known.get(admissionKey(s.itemId, s.code))?.inStock);
  if (inStock) throw unprocessable('serialAlreadyExists', { item: inStock.itemCode, serial: inStock.code });
  const ids = new Map<string, number>();
  const fresh = new Map<string, SerialToAdmit>();
  for (const serial of serials) {
    const key = admissionKey(serial.itemId, serial.code);
    const values = {
      mnf_serial_code: serial.mnfSerialCode,
      admission_date: at,
      quality_control_approved_or_not_required: serial.qcApproved ? 1 : 0,
    };
    const existing = known.get(key);
    if (existing) {
      await repository.readmitSerial(tx, existing.id, values);
      ids.set(key, existing.id);
    } else if (!fresh.has(key)) fresh.set(key, serial);
  }
  const inserted = await repository.insertSerials(
    tx,
    [...fresh.values()].map((s) => ({
      item_id: s.itemId,
      code: s.code,
      code_key: paddedCodeKey(s.code),
      visual_code: s.code,
      mnf_serial_code: s.mnfSerialCode,
      admission_date: at,
      quality_control_approved_or_not_required: s.qcApproved ? 1 : 0,
    })),
  );
  for (const row of inserted) ids.set(`${row.item_id}:${row.code_key}`, row.id);
  return ids;
}
