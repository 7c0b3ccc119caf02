import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { BusinessPartnerAddressTable, BusinessPartnerTable } from '../../db/schema.js';
import { eachChunk } from './master-data-rules.js';

/** Business partner and address master-data reads and writes (0003 and 0026). */

export type PartnerRow = Selectable<BusinessPartnerTable>;
export type AddressRow = Selectable<BusinessPartnerAddressTable>;
export type NewPartner = Insertable<BusinessPartnerTable>;
export type NewAddress = Insertable<BusinessPartnerAddressTable>;

/** Partners by their zero-padded code keys (paddedCodeKey). */
export async function partnersByCodeKeys(db: DbOrTx, keys: readonly string[]): Promise<PartnerRow[]> {
  const rows: PartnerRow[] = [];
  for await (const part of eachChunk([...new Set(keys)])) {
    rows.push(...(await db.selectFrom('business_partner').selectAll().where('code_key', 'in', part).execute()));
  }
  return rows;
}

export async function addressesOf(db: DbOrTx, partnerIds: readonly number[]): Promise<AddressRow[]> {
  const rows: AddressRow[] = [];
  for await (const part of eachChunk([...new Set(partnerIds)])) {
    rows.push(
      ...(await db
        .selectFrom('business_partner_address')
        .selectAll()
        .where('business_partner_id', 'in', part)
        .orderBy('code_lower')
        .execute()),
    );
  }
  return rows;
}

export async function insertPartners(db: DbOrTx, rows: readonly NewPartner[]): Promise<PartnerRow[]> {
  const inserted: PartnerRow[] = [];
  for await (const part of eachChunk(rows, 400)) {
    inserted.push(...(await db.insertInto('business_partner').values(part).returningAll().execute()));
  }
  return inserted;
}

export async function updatePartner(
  db: DbOrTx,
  id: number,
  changes: Updateable<BusinessPartnerTable>,
  expectedVersion: number | undefined,
): Promise<boolean> {
  let query = db
    .updateTable('business_partner')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return (await query.executeTakeFirst()).numUpdatedRows > 0n;
}

export async function insertAddresses(db: DbOrTx, rows: readonly NewAddress[]): Promise<void> {
  for await (const part of eachChunk(rows, 400)) await db.insertInto('business_partner_address').values(part).execute();
}

export async function updateAddress(
  db: DbOrTx,
  id: number,
  changes: Updateable<BusinessPartnerAddressTable>,
  expectedVersion: number | undefined,
): Promise<boolean> {
  let query = db
    .updateTable('business_partner_address')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return (await query.executeTakeFirst()).numUpdatedRows > 0n;
}

/** Clears the default ship-to of the partner's other addresses (one default per partner). */
export async function clearOtherDefaultShipTo(db: DbOrTx, partnerId: number, keepCodeLower: string): Promise<void> {
  await db
    .updateTable('business_partner_address')
    .set((eb) => ({ is_default_ship_to: 0, version: eb('version', '+', 1) }))
    .where('business_partner_id', '=', partnerId)
    .where('code_lower', '!=', keepCodeLower)
    .where('is_default_ship_to', '=', 1)
    .execute();
}

export interface PartnerListFilter {
  text?: string | undefined;
  active: 'true' | 'false' | 'all';
  type?: string | undefined;
  offset: number;
  limit: number;
}

export function listPartners(db: DbOrTx, filter: PartnerListFilter): Promise<PartnerRow[]> {
  let query = db.selectFrom('business_partner').selectAll();
  if (filter.active !== 'all') query = query.where('active', '=', filter.active === 'true' ? 1 : 0);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(lower(code) like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
    );
  }
  return query
    .orderBy('code_key')
    .offset(filter.offset)
    .limit(filter.limit + 1)
    .execute();
}
