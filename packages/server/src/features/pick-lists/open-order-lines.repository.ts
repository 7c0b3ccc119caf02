import { codeKey, paddedCodeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * Open SALES_ORDER lines (status OPEN, open quantity > 0) of a warehouse: what pick list creation
 * and the planning area read. A line's route is its extras' `route` (a text; the sales order
 * importer has no route column, so an ERP or a manual order sets it there); its ship-to is its
 * extras' `shipTo`, else the document's ship_to_address.
 */

export interface OpenLineFilter {
  warehouseId?: number;
  /** The customer's id. */
  partnerId?: number;
  shipDateTo?: string;
  /** Only these lines (sales order code and line number). */
  lines?: readonly { salesOrder: string; lineNumber: number }[];
  /** Only lines with something left to plan (open - released > 0). */
  unplannedOnly: boolean;
  limit?: number;
}

export async function openOrderLines(db: DbOrTx, filter: OpenLineFilter) {
  let query = db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('business_partner as p', 'p.id', 'd.business_partner_id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .select([
      'l.id',
      'l.line_number',
      'l.item_id',
      'l.batch_id',
      'l.serial_id',
      'l.open_quantity',
      'l.released_quantity',
      'l.extras',
      'i.code as item_code',
      'i.name as item_name',
      'd.id as document_id',
      'd.code as order_code',
      'd.warehouse_id',
      'w.code as warehouse_code',
      'd.business_partner_id',
      'p.code as partner_code',
      'p.name as partner_name',
      'd.ship_date',
      'd.ship_to_address',
      'd.priority',
    ])
    .where('d.type', '=', 'SALES_ORDER')
    .where('d.status', '=', 'OPEN')
    .where('l.open_quantity', '>', 0);
  if (filter.unplannedOnly) query = query.where(sql<boolean>`l.open_quantity - l.released_quantity > 0`);
  if (filter.warehouseId !== undefined) query = query.where('d.warehouse_id', '=', filter.warehouseId);
  if (filter.partnerId !== undefined) query = query.where('d.business_partner_id', '=', filter.partnerId);
  if (filter.shipDateTo !== undefined) query = query.where('d.ship_date', '<=', filter.shipDateTo);
  if (filter.lines !== undefined) {
    const wanted = filter.lines;
    if (wanted.length === 0) return [];
    query = query.where((eb) =>
      eb.or(
        wanted.map((w) =>
          eb.and([eb('d.code_lower', '=', codeKey(w.salesOrder)), eb('l.line_number', '=', w.lineNumber)]),
        ),
      ),
    );
  }
  query = query.orderBy('d.priority', 'desc').orderBy('d.ship_date').orderBy('d.code').orderBy('l.line_number');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = await query.execute();
  return rows.map((r) => {
    const extras = parseExtras(r.extras);
    return {
      ...r,
      open_quantity: Number(r.open_quantity),
      released_quantity: Number(r.released_quantity),
      route: typeof extras?.route === 'string' && extras.route !== '' ? extras.route : null,
      shipTo:
        extras?.shipTo !== undefined && extras.shipTo !== null ? JSON.stringify(extras.shipTo) : r.ship_to_address,
    };
  });
}
export type OpenOrderLine = Awaited<ReturnType<typeof openOrderLines>>[number];

function parseExtras(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A customer's id by code (business partner codes are zero-padded keys). */
export async function partnerIdOf(db: DbOrTx, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('business_partner')
    .select('id')
    .where('code_key', '=', paddedCodeKey(code))
    .executeTakeFirst();
  return row?.id;
}

/** A warehouse by code. */
export function warehouseOf(db: DbOrTx, code: string) {
  return db
    .selectFrom('warehouse')
    .select(['id', 'code', 'active'])
    .where('code_lower', '=', codeKey(code))
    .executeTakeFirst();
}
