import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { barcodeLockBuckets, barcodeLockSpace } from '../items/barcode-lock-buckets.js';
import { eachChunk } from './master-data-rules.js';

/** Who holds a code or barcode (lower-cased keys): items by code or any barcode slot, locations by code or barcode. */
export interface BarcodeOwner {
  key: string;
  kind: 'ITEM' | 'LOCATION';
  id: number;
  code: string;
  /** CODE when the key is the owner's code, BARCODE when it is one of its barcodes. */
  via: 'CODE' | 'BARCODE';
}

export async function barcodeOwners(db: DbOrTx, keys: readonly string[]): Promise<BarcodeOwner[]> {
  const owners: BarcodeOwner[] = [];
  for await (const part of eachChunk([...new Set(keys)], 250)) {
    const items = await db
      .selectFrom('item')
      .select(['id', 'code', 'code_lower', 'barcode_lower', 'barcode2_lower', 'barcode3_lower'])
      .where((eb) =>
        eb.or([
          eb('code_lower', 'in', part),
          eb('barcode_lower', 'in', part),
          eb('barcode2_lower', 'in', part),
          eb('barcode3_lower', 'in', part),
        ]),
      )
      .execute();
    const wanted = new Set(part);
    for (const item of items) {
      if (wanted.has(item.code_lower))
        owners.push({ key: item.code_lower, kind: 'ITEM', id: item.id, code: item.code, via: 'CODE' });
      for (const key of new Set([item.barcode_lower, item.barcode2_lower, item.barcode3_lower])) {
        if (key !== null && wanted.has(key))
          owners.push({ key, kind: 'ITEM', id: item.id, code: item.code, via: 'BARCODE' });
      }
    }
    const locations = await db
      .selectFrom('bin_location')
      .select(['id', 'code', 'code_lower', 'barcode_lower'])
      .where((eb) => eb.or([eb('code_lower', 'in', part), eb('barcode_lower', 'in', part)]))
      .execute();
    for (const location of locations) {
      if (wanted.has(location.code_lower)) {
        owners.push({ key: location.code_lower, kind: 'LOCATION', id: location.id, code: location.code, via: 'CODE' });
      }
      if (location.barcode_lower !== null && wanted.has(location.barcode_lower)) {
        owners.push({
          key: location.barcode_lower,
          kind: 'LOCATION',
          id: location.id,
          code: location.code,
          via: 'BARCODE',
        });
      }
    }
  }
  return owners;
}

/**
 * PostgreSQL: serializes the transactions that assign these barcodes until they end, in one
 * statement, in bucket order (no deadlock). The locks are the item barcode service's buckets
 * (features/items lockBarcode: hashtext('item-barcode:' || key) & 1023), so a barcode set there
 * and here at once is checked by one after the other has committed, and an import of 20,000
 * barcodes takes at most 1,024 locks.
 */
export async function lockBarcodeKeys(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`select count(pg_advisory_xact_lock(${barcodeLockSpace}, b))
    from (select distinct hashtext('item-barcode:' || k) & ${barcodeLockBuckets - 1} as b
          from unnest(${[...new Set(keys)]}::text[]) as k order by b) as ordered`.execute(db);
}
