import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * What was delivered to a customer and what came back (features/goods-returns): the SQL behind
 * allowedBatchesSerials and the returnable quantities. Quantities are thousandths.
 */

/** A unit key's quantity: per item, batch and serial (nulls when the item has none). */
export interface UnitQuantity {
  item_id: number;
  batch_id: number | null;
  serial_id: number | null;
  batch_code: string | null;
  serial_code: string | null;
  quantity: number;
}

/**
 * What was delivered to the customer of these items: the DELIVERY (and DELIVERY_CANCEL) ledger rows
 * of the customer's DELIVERY and SALES_ORDER documents (negative rows: out of stock, so negated), and the delivered
 * quantity (quantity − open quantity) of the customer's SALES_ORDER lines of the orders that have
 * no DELIVERY ledger rows (an order delivered outside this system).
 */
export async function deliveredUnits(db: DbOrTx, partnerId: number, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  const ledger = await db
    .selectFrom('stock_ledger as l')
    .innerJoin('document as d', (join) =>
      join.onRef('d.type', '=', 'l.document_type').onRef('d.code', '=', 'l.document_code'),
    )
    .leftJoin('batch as ba', 'ba.id', 'l.batch_id')
    .leftJoin('serial as s', 's.id', 'l.serial_id')
    .select([
      'l.item_id',
      'l.batch_id',
      'l.serial_id',
      'ba.code as batch_code',
      's.code as serial_code',
      sql<string | number>`-sum(l.quantity)`.as('quantity'),
    ])
    // A cancelled delivery's DELIVERY_CANCEL rows (decision 0185) take its units back.
    .where('l.transaction_type', 'in', ['DELIVERY', 'DELIVERY_CANCEL'])
    .where('l.document_type', 'in', ['DELIVERY', 'SALES_ORDER'])
    .where('d.business_partner_id', '=', partnerId)
    .where('l.item_id', 'in', itemIds)
    .groupBy(['l.item_id', 'l.batch_id', 'l.serial_id', 'ba.code', 's.code'])
    .execute();
  const orders = await db
    .selectFrom('document_line as dl')
    .innerJoin('document as d', 'd.id', 'dl.document_id')
    .leftJoin('batch as ba', 'ba.id', 'dl.batch_id')
    .leftJoin('serial as s', 's.id', 'dl.serial_id')
    .select([
      'dl.item_id',
      'dl.batch_id',
      'dl.serial_id',
      'ba.code as batch_code',
      's.code as serial_code',
      sql<string | number>`sum(dl.quantity - dl.open_quantity)`.as('quantity'),
    ])
    .where('d.type', '=', 'SALES_ORDER')
    .where('d.business_partner_id', '=', partnerId)
    .where('dl.item_id', 'in', itemIds)
    .where(sql<boolean>`dl.quantity > dl.open_quantity`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('stock_ledger as l2')
            .select('l2.id')
            .where('l2.transaction_type', '=', 'DELIVERY')
            .where('l2.document_type', '=', 'SALES_ORDER')
            .whereRef('l2.document_code', '=', 'd.code'),
        ),
      ),
    )
    // Orders delivered through DELIVERY documents (features/deliveries) count by their ledger rows above.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('pick_list_line as pll')
            .innerJoin('document_line as sol', 'sol.id', 'pll.source_line_id')
            .innerJoin('delivery as dv', 'dv.pick_list_id', 'pll.document_id')
            .select('pll.document_line_id')
            .whereRef('sol.document_id', '=', 'd.id'),
        ),
      ),
    )
    .groupBy(['dl.item_id', 'dl.batch_id', 'dl.serial_id', 'ba.code', 's.code'])
    .execute();
  return [...ledger, ...orders].map((row): UnitQuantity => ({ ...row, quantity: Number(row.quantity) }));
}

/** What the customer's returns hold of these items (every saved entry, flushed or not). */
export async function returnedUnits(db: DbOrTx, partnerId: number, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('sales_return_entry as e')
    .innerJoin('document as d', 'd.id', 'e.document_id')
    .leftJoin('batch as ba', 'ba.id', 'e.batch_id')
    .leftJoin('serial as s', 's.id', 'e.serial_id')
    .select([
      'e.item_id',
      'e.batch_id',
      'e.serial_id',
      'ba.code as batch_code',
      's.code as serial_code',
      sql<string | number>`sum(e.quantity)`.as('quantity'),
    ])
    .where('d.business_partner_id', '=', partnerId)
    .where('d.type', '=', 'SALES_RETURN')
    .where('e.item_id', 'in', itemIds)
    .groupBy(['e.item_id', 'e.batch_id', 'e.serial_id', 'ba.code', 's.code'])
    .execute();
  return rows.map((row): UnitQuantity => ({ ...row, quantity: Number(row.quantity) }));
}

/** The delivered lines of one sales order per item (for a return created from it). */
export async function deliveredPerItemOfOrder(db: DbOrTx, orderId: number, orderCode: string) {
  const ledger = await db
    .selectFrom('stock_ledger')
    .select(['item_id', sql<string | number>`-sum(quantity)`.as('quantity')])
    .where('transaction_type', '=', 'DELIVERY')
    .where('document_type', '=', 'SALES_ORDER')
    .where('document_code', '=', orderCode)
    .groupBy('item_id')
    .orderBy('item_id')
    .execute();
  const rows =
    ledger.length > 0
      ? ledger
      : await db
          .selectFrom('document_line')
          .select(['item_id', sql<string | number>`sum(quantity - open_quantity)`.as('quantity')])
          .where('document_id', '=', orderId)
          .groupBy('item_id')
          .orderBy(sql`min(line_number)`)
          .execute();
  return rows.map((row) => ({ itemId: row.item_id, quantity: Number(row.quantity) })).filter((r) => r.quantity > 0);
}
