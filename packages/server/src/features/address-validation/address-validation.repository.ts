import type { AddressHistoryEntry, AddressReason, AddressValidation, ShipToAddress } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { addressOf } from './address-json.js';

/**
 * The SQL of address validation (docs/decisions/0186-address-validation.md): the
 * address_validation records and their history. Addresses are stored as canonical JSON
 * (address-json.ts addressKey), reasons as JSON [{key, args}].
 */
export interface AddressValidationRow {
  id: number;
  document_id: number;
  ship_to_key: string;
  current_key: string;
  status: string;
  reasons: string;
  original_address: string;
  address: string;
  version: number;
}

const columns = [
  'v.id',
  'v.document_id',
  'v.ship_to_key',
  'v.current_key',
  'v.status',
  'v.reasons',
  'v.original_address',
  'v.address',
  'v.version',
] as const;

/** The record of a document's ship-to: matched by the original or the current address. */
export async function findRecord(
  db: DbOrTx,
  documentId: number,
  key: string,
): Promise<AddressValidationRow | undefined> {
  return db
    .selectFrom('address_validation as v')
    .select(columns)
    .where('v.document_id', '=', documentId)
    .where((eb) => eb.or([eb('v.ship_to_key', '=', key), eb('v.current_key', '=', key)]))
    .orderBy('v.id')
    .executeTakeFirst();
}

export async function recordById(db: DbOrTx, id: number): Promise<AddressValidationRow | undefined> {
  return db.selectFrom('address_validation as v').select(columns).where('v.id', '=', id).executeTakeFirst();
}

export interface NewRecord {
  documentId: number;
  key: string;
  status: string;
  reasons: readonly AddressReason[];
  at: string;
}

/** Inserts a record (nothing when the document's ship-to has one already); answers its id or undefined. */
export async function insertRecord(tx: DbOrTx, record: NewRecord): Promise<number | undefined> {
  const row = await tx
    .insertInto('address_validation')
    .values({
      document_id: record.documentId,
      ship_to_key: record.key,
      current_key: record.key,
      status: record.status,
      reasons: JSON.stringify(record.reasons),
      original_address: record.key,
      address: record.key,
      created_at: record.at,
      updated_at: record.at,
    })
    .onConflict((oc) => oc.columns(['document_id', 'ship_to_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export interface RecordChange {
  status: string;
  reasons: readonly AddressReason[];
  /** The new current address (canonical JSON); unchanged when absent. */
  key?: string;
  at: string;
}

/** Updates a record at the version given; false when the version is stale (or the record gone). */
export async function updateRecord(tx: DbOrTx, id: number, version: number, change: RecordChange): Promise<boolean> {
  const result = await tx
    .updateTable('address_validation')
    .set({
      status: change.status,
      reasons: JSON.stringify(change.reasons),
      ...(change.key === undefined ? {} : { address: change.key, current_key: change.key }),
      version: sql<number>`version + 1`,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface HistoryEntry {
  recordId: number;
  action: AddressHistoryEntry['action'];
  username: string | null;
  at: string;
  status: string;
  before?: string | null;
  after?: string | null;
  comment?: string | null;
}

export async function insertHistory(tx: DbOrTx, entry: HistoryEntry): Promise<void> {
  await tx
    .insertInto('address_validation_history')
    .values({
      address_validation_id: entry.recordId,
      action: entry.action,
      username: entry.username,
      at: entry.at,
      status: entry.status,
      before_address: entry.before ?? null,
      after_address: entry.after ?? null,
      comment: entry.comment ?? null,
    })
    .execute();
}

export async function historyOf(db: DbOrTx, recordId: number): Promise<AddressHistoryEntry[]> {
  const rows = await db
    .selectFrom('address_validation_history')
    .select(['action', 'username', 'at', 'status', 'before_address', 'after_address', 'comment'])
    .where('address_validation_id', '=', recordId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action as AddressHistoryEntry['action'],
    username: r.username,
    at: r.at,
    status: r.status as AddressHistoryEntry['status'],
    before: addressOf(r.before_address),
    after: addressOf(r.after_address),
    comment: r.comment,
  }));
}

const emptyAddress: ShipToAddress = { name: null, street: null, postcode: null, city: null, countryCode: null };

const reasonsOf = (json: string): AddressReason[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as AddressReason[]) : [];
  } catch {
    return [];
  }
};

/** The records with their document and customer (the list and the detail). */
function viewQuery(db: DbOrTx) {
  return db
    .selectFrom('address_validation as v')
    .innerJoin('document as d', 'd.id', 'v.document_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select([
      ...columns,
      'v.updated_at',
      'd.type as document_type',
      'd.code as document_code',
      'bp.code as customer',
      'bp.name as customer_name',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

const toView = (r: ViewRow): AddressValidation => ({
  id: r.id,
  documentType: r.document_type,
  documentCode: r.document_code,
  customer: r.customer,
  customerName: r.customer_name,
  status: r.status as AddressValidation['status'],
  reasons: reasonsOf(r.reasons),
  original: addressOf(r.original_address) ?? emptyAddress,
  address: addressOf(r.address) ?? emptyAddress,
  version: r.version,
  updatedAt: r.updated_at,
});

export async function viewOf(db: DbOrTx, id: number): Promise<AddressValidation | undefined> {
  const row = await viewQuery(db).where('v.id', '=', id).executeTakeFirst();
  return row ? toView(row) : undefined;
}

export interface ListFilter {
  status: string;
  search?: string;
  offset: number;
  limit: number;
}

export async function listRecords(
  db: DbOrTx,
  filter: ListFilter,
): Promise<{ rows: AddressValidation[]; total: number }> {
  let query = viewQuery(db).where('v.status', '=', filter.status);
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(d.code_lower like ${pattern} escape '\\' or lower(v.address) like ${pattern} escape '\\' or lower(coalesce(bp.name, '')) like ${pattern} escape '\\' or lower(coalesce(bp.code, '')) like ${pattern} escape '\\')`,
    );
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query.orderBy('v.id').offset(filter.offset).limit(filter.limit).execute();
  return { rows: rows.map(toView), total: Number(total.count) };
}

/** The INVALID records (the /address_validation counter). */
export async function countInvalid(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('address_validation')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'INVALID')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
