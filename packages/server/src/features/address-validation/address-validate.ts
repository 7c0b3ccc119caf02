import { codeKey } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { type ChangedRecord, afterAddressCommit } from './address-live.js';
import { checkAddress } from './address-rules.js';
import { findRecord, insertHistory, insertRecord } from './address-validation.repository.js';
import { shipTosOfOrders } from './ship-tos.repository.js';

/**
 * First validation of documents' ship-to addresses (docs/decisions/0186-address-validation.md):
 * each ship-to of the documents that has no record yet gets one, VALID or INVALID by the rules,
 * with a VALIDATE history entry. Addresses validated before are left as they are (an edit,
 * approval or override stands). Answers the records made.
 */
export async function validateDocumentAddresses(
  tx: DbOrTx,
  documentIds: readonly number[],
  username: string | null,
): Promise<ChangedRecord[]> {
  const made: ChangedRecord[] = [];
  const at = nowIso();
  for (const shipTo of await shipTosOfOrders(tx, documentIds)) {
    if (await findRecord(tx, shipTo.documentId, shipTo.key)) continue;
    const reasons = checkAddress(shipTo.address, { documentType: shipTo.documentType });
    const status = reasons.length === 0 ? 'VALID' : 'INVALID';
    const id = await insertRecord(tx, { documentId: shipTo.documentId, key: shipTo.key, status, reasons, at });
    if (id === undefined) continue;
    await insertHistory(tx, { recordId: id, action: 'VALIDATE', username, at, status, after: shipTo.key });
    made.push({ id, status, version: 1 });
  }
  return made;
}

/** Runs a validation in its own transaction, then publishes; never throws (the caller's work is committed). */
async function validateAfterCommit(
  ctx: AppContext,
  what: string,
  documentIds: (db: DbOrTx) => Promise<number[]>,
  username: string | null,
): Promise<void> {
  try {
    const made = await ctx.db.transaction().execute(async (tx) => {
      const ids = await documentIds(tx);
      return ids.length === 0 ? [] : validateDocumentAddresses(tx, ids, username);
    });
    if (made.length > 0) await afterAddressCommit(ctx, made);
  } catch (error) {
    process.emitWarning(`addresses of ${what} not validated: ${String(error)}`);
  }
}

/** After a sales order import committed: validates the new orders' ship-to addresses. */
export function validateImportedOrders(
  ctx: AppContext,
  created: readonly { type: string; code: string }[],
): Promise<void> {
  const keys = created.filter((c) => c.type === 'SALES_ORDER').map((c) => codeKey(c.code));
  return validateAfterCommit(
    ctx,
    'imported sales orders',
    async (db) => {
      const ids: number[] = [];
      for (let start = 0; start < keys.length; start += 500) {
        const rows = await db
          .selectFrom('document')
          .select('id')
          .where('type', '=', 'SALES_ORDER')
          .where('code_lower', 'in', keys.slice(start, start + 500))
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },
    null,
  );
}

/**
 * After pick lists were created: validates the addresses of their sales orders never validated
 * (orders that did not come through the importer), or of the list itself when it has none.
 */
export function validatePickListAddresses(ctx: AppContext, username: string, codes: readonly string[]): Promise<void> {
  const keys = codes.map(codeKey);
  return validateAfterCommit(
    ctx,
    'new pick lists',
    async (db) => {
      const ids = new Set<number>();
      for (let start = 0; start < keys.length; start += 500) {
        const lists = await db
          .selectFrom('document as d')
          .leftJoin('pick_list_line as p', 'p.document_id', 'd.id')
          .leftJoin('document_line as l', 'l.id', 'p.source_line_id')
          .select(['d.id', 'l.document_id as order_id'])
          .where('d.type', '=', 'PICK_LIST')
          .where('d.code_lower', 'in', keys.slice(start, start + 500))
          .execute();
        for (const row of lists) ids.add(row.order_id ?? row.id);
      }
      return [...ids];
    },
    username,
  );
}
