import type { DocumentType } from '@wms/contract';
import type { Tx } from '../../db/database.js';
import { conflict } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import type { CheckedRow, ImportCreated } from '../importers/importer.js';
import { createDocumentHead, createDocumentLines } from '../documents/document-create.service.js';
import type { OrderRowPrepared } from './order-rows.js';

export interface OrderCommitOptions {
  type: DocumentType;
  status: string;
  /** The document's due and ship date from the rows' agreed date. */
  dates(date: string | null): { dueDate: string | null; shipDate: string | null };
  /** The document's ship-to address (JSON) from its lines' extras; none when absent. */
  shipToAddress?(extras: readonly (Record<string, unknown> | null)[]): string | null;
}

/**
 * Writes one group (one document): its head, then its lines in file order (line numbers from 0).
 * A document of the type and code made meanwhile (a concurrent import) is 409
 * duplicateExternalReference {reference}, and the group's transaction writes nothing.
 */
export async function commitOrderGroup(
  tx: Tx,
  rows: readonly CheckedRow<OrderRowPrepared>[],
  options: OrderCommitOptions,
): Promise<ImportCreated[]> {
  const lines = rows.flatMap((row) => (row.prepared ? [row.prepared] : []));
  const first = lines[0];
  if (!first) return [];
  const date = lines.find((line) => line.date !== null)?.date ?? null;
  const extras = lines.map((line) => line.extras);
  const id = await createDocumentHead(tx, {
    type: options.type,
    code: first.code,
    status: options.status,
    partnerId: first.partnerId,
    warehouseId: first.warehouseId,
    ...options.dates(date),
    shipToAddress: options.shipToAddress?.(extras) ?? null,
    at: nowIso(),
  });
  if (id === undefined) throw conflict('duplicateExternalReference', { reference: first.code });
  await createDocumentLines(
    tx,
    id,
    options.type,
    lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, extras: line.extras })),
  );
  return [{ type: options.type, code: first.code }];
}
