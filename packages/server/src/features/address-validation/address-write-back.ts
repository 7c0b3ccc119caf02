import type { ShipToAddress } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { addressKey, storedAddressKey } from './address-json.js';

/**
 * Writes an edited address back where the old one was (docs/decisions/0186-address-validation.md):
 * the document's ship_to_address, its lines' extras shipTo, and the ship_to_address of the pick
 * lists not CLOSED made from its lines, so paperwork prints the fixed address. Answers the codes
 * of the pick lists changed (their versions go up).
 */
export async function writeAddressBack(
  tx: DbOrTx,
  documentId: number,
  oldKey: string,
  address: ShipToAddress,
  at: string,
): Promise<string[]> {
  const json = addressKey(address);
  const head = await tx
    .selectFrom('document')
    .select('ship_to_address')
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (head && storedAddressKey(head.ship_to_address) === oldKey) {
    await tx
      .updateTable('document')
      .set({ ship_to_address: json, version: sql<number>`version + 1`, updated_at: at })
      .where('id', '=', documentId)
      .execute();
  }
  const lines = await tx
    .selectFrom('document_line')
    .select(['id', 'extras'])
    .where('document_id', '=', documentId)
    .where('extras', 'is not', null)
    .execute();
  for (const line of lines) {
    let extras: Record<string, unknown> | null;
    try {
      extras = JSON.parse(line.extras!) as Record<string, unknown> | null;
    } catch {
      continue;
    }
    if (extras === null || typeof extras !== 'object' || storedAddressKey(extras.shipTo) !== oldKey) continue;
    await tx
      .updateTable('document_line')
      .set({ extras: JSON.stringify({ ...extras, shipTo: JSON.parse(json) as unknown }) })
      .where('id', '=', line.id)
      .execute();
  }
  const lists = await tx
    .selectFrom('document as d')
    .select(['d.id', 'd.code', 'd.ship_to_address'])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', '!=', 'CLOSED')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pick_list_line as p')
          .innerJoin('document_line as l', 'l.id', 'p.source_line_id')
          .select('p.document_id')
          .whereRef('p.document_id', '=', 'd.id')
          .where('l.document_id', '=', documentId),
      ),
    )
    .execute();
  const changed: string[] = [];
  for (const list of lists) {
    if (storedAddressKey(list.ship_to_address) !== oldKey) continue;
    await tx
      .updateTable('document')
      .set({ ship_to_address: json, version: sql<number>`version + 1`, updated_at: at })
      .where('id', '=', list.id)
      .execute();
    changed.push(list.code);
  }
  return changed;
}
