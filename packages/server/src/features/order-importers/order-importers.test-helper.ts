import { paddedCodeKey, type Language } from '@wms/contract';
import { makeItem, makeWarehouse, uniqueCode, type Item, type Warehouse } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import type { CheckedRow, ImportCreated, ImportRunContext, Importer, SourceRow } from '../importers/importer.js';
import { rowPasses } from '../importers/importer.js';

/** Test helpers of the order importers: rows as a file gives them, a run, and a commit like ALL_OR_NOTHING. */

/** Data rows from records: the first is file row 2 (row 1 is the header). */
export const rowsOf = (records: readonly Record<string, string>[]): SourceRow[] =>
  records.map((values, index) => ({ rowNumber: index + 2, values }));

export const runOf = (t: TestApp, language: Language = 'en'): ImportRunContext => ({
  ctx: t.app.ctx,
  principal: { userId: 1, username: 'admin', expandedRoles: new Set(), sessionId: null, apiKeyId: null },
  language,
});

/** The messages of the rows that have some, by row number. */
export const messagesByRow = (rows: readonly CheckedRow[]) =>
  Object.fromEntries(rows.filter((row) => row.messages.length > 0).map((row) => [row.rowNumber, row.messages]));

/**
 * Checks and commits like the framework's ALL_OR_NOTHING: check inside one transaction, then one
 * commit per group in file order; throws when a row has an ERROR. Runs afterCommit.
 */
export async function importRows<P>(
  t: TestApp,
  importer: Importer<P>,
  rows: readonly SourceRow[],
  language: Language = 'en',
): Promise<ImportCreated[]> {
  const run = runOf(t, language);
  const created = await t.app.ctx.db.transaction().execute(async (tx) => {
    const checked = await importer.check(tx, rows, run);
    const failed = checked.filter((row) => !rowPasses(row));
    if (failed.length > 0) throw new Error(`rows with errors: ${JSON.stringify(messagesByRow(failed))}`);
    const groups = new Map<string, CheckedRow<P>[]>();
    checked.forEach((row) => {
      const key = row.group ?? `row ${row.rowNumber}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    });
    const out: ImportCreated[] = [];
    for (const group of groups.values()) out.push(...(await importer.commit(tx, group, run)));
    return out;
  });
  await importer.afterCommit?.(t.app.ctx, created);
  return created;
}

export async function makePartner(db: Db, type: 'SUPPLIER' | 'CUSTOMER', code = uniqueCode(`F-${type[0]}-`)) {
  const row = await db
    .insertInto('business_partner')
    .values({ code, code_key: paddedCodeKey(code), visual_code: code, name: `Partner ${code}`, type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

export interface OrderScene {
  warehouse: Warehouse;
  otherWarehouse: Warehouse;
  supplier: { id: number; code: string };
  otherSupplier: { id: number; code: string };
  customer: { id: number; code: string };
  item: Item;
  otherItem: Item;
  batchItem: Item;
  serialItem: Item;
  inactiveItem: Item;
}

/** A warehouse pair, partners and items of every kind, codes of their own. */
export async function orderScene(db: Db): Promise<OrderScene> {
  const inactiveItem = await makeItem(db);
  await db.updateTable('item').set({ active: 0 }).where('id', '=', inactiveItem.id).execute();
  return {
    warehouse: await makeWarehouse(db),
    otherWarehouse: await makeWarehouse(db),
    supplier: await makePartner(db, 'SUPPLIER'),
    otherSupplier: await makePartner(db, 'SUPPLIER'),
    customer: await makePartner(db, 'CUSTOMER'),
    item: await makeItem(db),
    otherItem: await makeItem(db),
    batchItem: await makeItem(db, { managedBy: 'BATCH_NUMBER' }),
    serialItem: await makeItem(db, { managedBy: 'SERIAL_NUMBER' }),
    inactiveItem,
  };
}

/** A document of the type and code with its lines, as stored. */
export async function storedDocument(db: Db, type: string, code: string) {
  const head = await db
    .selectFrom('document')
    .selectAll()
    .where('type', '=', type)
    .where('code_lower', '=', code.toLowerCase())
    .executeTakeFirst();
  if (!head) return undefined;
  const lines = await db
    .selectFrom('document_line')
    .select(['line_number', 'item_id', 'direction', 'quantity', 'open_quantity', 'extras'])
    .where('document_id', '=', head.id)
    .orderBy('line_number')
    .execute();
  return {
    ...head,
    lines: lines.map((l) => ({
      ...l,
      quantity: Number(l.quantity),
      open_quantity: Number(l.open_quantity),
      extras: l.extras === null ? null : (JSON.parse(l.extras) as Record<string, unknown>),
    })),
  };
}
