import { codeKey, paddedCodeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';

/**
 * The batched lookups of the order importers (docs/decisions/0177-order-importers.md): one query
 * per chunk of distinct codes, never one per row. Keys are the stored lookup keys: code_lower
 * (items, warehouses, documents) and code_key (business partners, zero-padded).
 */

async function byChunks<K, R>(keys: Iterable<K>, read: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const distinct = [...new Set(keys)];
  const rows: R[] = [];
  for (const chunk of chunked(distinct)) rows.push(...(await read(chunk)));
  return rows;
}

export interface PartnerRow {
  id: number;
  code: string;
  code_key: string;
  type: string;
}

/** Business partners by their written codes, keyed by paddedCodeKey. */
export async function partnersByCode(db: DbOrTx, codes: Iterable<string>): Promise<Map<string, PartnerRow>> {
  const keys = [...codes].map(paddedCodeKey);
  const rows = await byChunks(keys, (chunk) =>
    db
      .selectFrom('business_partner')
      .select(['id', 'code', 'code_key', 'type'])
      .where('code_key', 'in', chunk)
      .execute(),
  );
  return new Map(rows.map((r) => [r.code_key, r]));
}

export interface WarehouseRow {
  id: number;
  code: string;
  code_lower: string;
  active: number;
}

/** Warehouses by their written codes, keyed by codeKey. */
export async function warehousesByCode(db: DbOrTx, codes: Iterable<string>): Promise<Map<string, WarehouseRow>> {
  const keys = [...codes].map(codeKey);
  const rows = await byChunks(keys, (chunk) =>
    db
      .selectFrom('warehouse')
      .select(['id', 'code', 'code_lower', 'active'])
      .where('code_lower', 'in', chunk)
      .execute(),
  );
  return new Map(rows.map((r) => [r.code_lower, r]));
}

/** The only active warehouse, or null when there are none or several. */
export async function soleActiveWarehouse(db: DbOrTx): Promise<WarehouseRow | null> {
  const rows = await db
    .selectFrom('warehouse')
    .select(['id', 'code', 'code_lower', 'active'])
    .where('active', '=', 1)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0]! : null;
}

export interface ItemRow {
  id: number;
  code: string;
  code_lower: string;
  active: number;
  managed_by: string;
}

/** Items by their written codes, keyed by codeKey. */
export async function itemsByCode(db: DbOrTx, codes: Iterable<string>): Promise<Map<string, ItemRow>> {
  const keys = [...codes].map(codeKey);
  const rows = await byChunks(keys, (chunk) =>
    db
      .selectFrom('item')
      .select(['id', 'code', 'code_lower', 'active', 'managed_by'])
      .where('code_lower', 'in', chunk)
      .execute(),
  );
  return new Map(rows.map((r) => [r.code_lower, r]));
}

/** Which of the written codes name an existing document of the type: their codeKeys. */
export async function existingDocumentKeys(db: DbOrTx, type: string, codes: Iterable<string>): Promise<Set<string>> {
  const keys = [...codes].map(codeKey);
  const rows = await byChunks(keys, (chunk) =>
    db.selectFrom('document').select('code_lower').where('type', '=', type).where('code_lower', 'in', chunk).execute(),
  );
  return new Set(rows.map((r) => r.code_lower));
}
