import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/**
 * Batch, serial, business partner and order lookups. Batch, serial and partner codes match on
 * `code_key` (lower-cased, zero-padded to 64); their autocomplete is a contains match on the
 * lower-cased code (a padded key can not answer a contains), code-prefix matches first.
 * Orders match on `code_lower`.
 */

const contains = (text: string) => `%${escapeLike(text)}%`;
const startsWith = (text: string) => `${escapeLike(text)}%`;

const batchColumns = [
  'ba.code',
  'ba.visual_code',
  'ba.mnf_batch_code',
  'ba.admission_date',
  'ba.manufacturing_date',
  'ba.expiration_date',
  'ba.quality_control_approved_or_not_required',
  'i.code as item_code',
  'i.name as item_name',
] as const;

function batches(db: DbOrTx, itemId: number | null) {
  let query = db.selectFrom('batch as ba').innerJoin('item as i', 'i.id', 'ba.item_id').select(batchColumns);
  if (itemId !== null) query = query.where('ba.item_id', '=', itemId);
  return query;
}
export type BatchRow = Awaited<ReturnType<ReturnType<typeof batches>['execute']>>[number];

export function findBatchesByKey(db: DbOrTx, codeKey: string, itemId: number | null): Promise<BatchRow[]> {
  return batches(db, itemId).where('ba.code_key', '=', codeKey).orderBy('i.code_lower').limit(100).execute();
}

export function autocompleteBatches(db: DbOrTx, text: string, itemId: number | null, limit: number) {
  return batches(db, itemId)
    .where(sql<boolean>`lower(ba.code) like ${contains(text)} escape '\\'`)
    .orderBy(sql`case when lower(ba.code) like ${startsWith(text)} escape '\\' then 0 else 1 end`)
    .orderBy('ba.code_key')
    .orderBy('i.code_lower')
    .limit(limit)
    .execute();
}

const serialColumns = [
  'se.code',
  'se.visual_code',
  'se.lot_code',
  'se.mnf_lot_code',
  'se.mnf_serial_code',
  'se.internal_serial_code',
  'se.admission_date',
  'se.manufacturing_date',
  'se.expiration_date',
  'se.quality_control_approved_or_not_required',
  'i.code as item_code',
  'i.name as item_name',
] as const;

function serials(db: DbOrTx, itemId: number | null) {
  let query = db.selectFrom('serial as se').innerJoin('item as i', 'i.id', 'se.item_id').select(serialColumns);
  if (itemId !== null) query = query.where('se.item_id', '=', itemId);
  return query;
}
export type SerialRow = Awaited<ReturnType<ReturnType<typeof serials>['execute']>>[number];

export function findSerialsByKey(db: DbOrTx, codeKey: string, itemId: number | null): Promise<SerialRow[]> {
  return serials(db, itemId).where('se.code_key', '=', codeKey).orderBy('i.code_lower').limit(100).execute();
}

export function autocompleteSerials(db: DbOrTx, text: string, itemId: number | null, limit: number) {
  return serials(db, itemId)
    .where(sql<boolean>`lower(se.code) like ${contains(text)} escape '\\'`)
    .orderBy(sql`case when lower(se.code) like ${startsWith(text)} escape '\\' then 0 else 1 end`)
    .orderBy('se.code_key')
    .orderBy('i.code_lower')
    .limit(limit)
    .execute();
}

const partnerColumns = ['code', 'visual_code', 'name', 'type'] as const;

export function findPartnerByKey(db: DbOrTx, codeKey: string) {
  return db.selectFrom('business_partner').select(partnerColumns).where('code_key', '=', codeKey).executeTakeFirst();
}

/** Partners whose code or name contains the text; code-prefix matches first. */
export function autocompletePartners(db: DbOrTx, text: string, limit: number) {
  return db
    .selectFrom('business_partner')
    .select(partnerColumns)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(code) like ${contains(text)} escape '\\'`,
        sql<boolean>`lower(name) like ${contains(text)} escape '\\'`,
      ]),
    )
    .orderBy(sql`case when lower(code) like ${startsWith(text)} escape '\\' then 0 else 1 end`)
    .orderBy('code_key')
    .limit(limit)
    .execute();
}

const orderColumns = [
  'd.id',
  'd.type',
  'd.code',
  'd.visual_code',
  'd.status',
  'd.ship_date',
  'p.code as partner_code',
  'p.name as partner_name',
] as const;

function orders(db: DbOrTx, types: readonly string[]) {
  return db
    .selectFrom('document as d')
    .leftJoin('business_partner as p', 'p.id', 'd.business_partner_id')
    .select(orderColumns)
    .where('d.type', 'in', types);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orders>['execute']>>[number];

/** Orders of the types with the code (one per type at most: the code is unique per type). */
export function findOrdersByCodeLower(db: DbOrTx, codeLower: string, types: readonly string[]): Promise<OrderRow[]> {
  return orders(db, types).where('d.code_lower', '=', codeLower).execute();
}

/** Orders whose code starts with the text, in code order (the (type, code) index answers the range). */
export function autocompleteOrdersByPrefix(db: DbOrTx, text: string, types: readonly string[], limit: number) {
  return orders(db, types)
    .where('d.code_lower', '>=', text)
    .where('d.code_lower', '<', `${text}\uffff`)
    .where(sql<boolean>`d.code_lower like ${startsWith(text)} escape '\\'`)
    .orderBy('d.code_lower')
    .orderBy('d.type')
    .limit(limit)
    .execute();
}

/** Orders whose code or visual code contains the text; unordered, so the scan stops at the limit. */
export function autocompleteOrdersByContains(
  db: DbOrTx,
  text: string,
  types: readonly string[],
  limit: number,
  excludeIds: readonly number[],
) {
  let query = orders(db, types).where((eb) =>
    eb.or([
      sql<boolean>`d.code_lower like ${contains(text)} escape '\\'`,
      sql<boolean>`lower(d.visual_code) like ${contains(text)} escape '\\'`,
    ]),
  );
  if (excludeIds.length > 0) query = query.where('d.id', 'not in', excludeIds);
  return query.limit(limit).execute();
}
