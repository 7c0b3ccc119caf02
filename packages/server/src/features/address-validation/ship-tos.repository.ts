import type { ShipToAddress } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { addressKey, addressOf } from './address-json.js';

/** A ship-to address of a document: the sales order it belongs to (or a pick list without one). */
export interface DocumentShipTo {
  documentId: number;
  documentType: string;
  address: ShipToAddress;
  key: string;
}

const extrasShipTo = (extras: string | null): unknown => {
  if (extras === null) return undefined;
  try {
    const value = JSON.parse(extras) as unknown;
    return typeof value === 'object' && value !== null ? (value as { shipTo?: unknown }).shipTo : undefined;
  } catch {
    return undefined;
  }
};

function add(into: Map<string, DocumentShipTo>, documentId: number, documentType: string, stored: unknown): void {
  const address = addressOf(stored);
  if (address === null) return;
  const key = addressKey(address);
  into.set(`${documentId}|${key}`, { documentId, documentType, address, key });
}

/**
 * The ship-to addresses of sales orders: each order's ship_to_address and each other address
 * its lines' extras carry (multi-address orders). An order without any address has none.
 */
export async function shipTosOfOrders(db: DbOrTx, documentIds: readonly number[]): Promise<DocumentShipTo[]> {
  const found = new Map<string, DocumentShipTo>();
  for (let start = 0; start < documentIds.length; start += 500) {
    const ids = documentIds.slice(start, start + 500);
    const heads = await db
      .selectFrom('document')
      .select(['id', 'type', 'ship_to_address'])
      .where('id', 'in', ids)
      .execute();
    for (const head of heads) add(found, head.id, head.type, head.ship_to_address);
    const lines = await db
      .selectFrom('document_line as l')
      .innerJoin('document as d', 'd.id', 'l.document_id')
      .select(['l.document_id', 'd.type', 'l.extras'])
      .where('l.document_id', 'in', ids)
      .where('l.extras', 'is not', null)
      .execute();
    for (const line of lines) add(found, line.document_id, line.type, extrasShipTo(line.extras));
  }
  return [...found.values()];
}

/**
 * Where a pick list ships to: for its lines from sales orders, the order line's ship-to (extras
 * shipTo, else the order's); with no such line, the list's own ship_to_address.
 */
export async function shipTosOfPickList(db: DbOrTx, pickListDocumentId: number): Promise<DocumentShipTo[]> {
  const found = new Map<string, DocumentShipTo>();
  const sources = await db
    .selectFrom('pick_list_line as p')
    .innerJoin('document_line as l', 'l.id', 'p.source_line_id')
    .innerJoin('document as o', 'o.id', 'l.document_id')
    .select(['o.id', 'o.type', 'o.ship_to_address', 'l.extras'])
    .where('p.document_id', '=', pickListDocumentId)
    .execute();
  for (const source of sources) {
    const lineShipTo = extrasShipTo(source.extras);
    add(found, source.id, source.type, lineShipTo ?? source.ship_to_address);
  }
  if (sources.length === 0) {
    const head = await db
      .selectFrom('document')
      .select(['id', 'type', 'ship_to_address'])
      .where('id', '=', pickListDocumentId)
      .executeTakeFirst();
    if (head) add(found, head.id, head.type, head.ship_to_address);
  }
  return [...found.values()];
}
