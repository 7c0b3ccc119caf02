import { codeKey, toThousandths, type itemCreateRequestSchema } from '@wms/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { ItemRow, ItemTable, NewItem } from '../../db/schema.js';
import { itemSearchText, newItemRow, type ItemInput } from '../items/item-rows.js';
import { barcodeConflicts, type BarcodeClaim } from './barcode-rules.js';
import * as repository from './item-master.repository.js';
import { duplicatesInBatch, error, hasError, warning, type Checked, type Message } from './master-data-rules.js';

/**
 * The one check of item drafts, for the API and the items importer
 * alike: the code is new (create) or known (update), a new item has a name, barcodes are unique
 * (barcode-rules.ts), the management type is set on create only (a different one for a known item
 * is a warning and stays as it is: converting is the managed-by conversion's), an item holding
 * stock stays active, and a code appears once per batch.
 */

type CreateFields = z.output<typeof itemCreateRequestSchema>;
/** The fields a draft sets; absent ones stay as they are (an update) or take their default (a create). */
export type ItemDraft = { code: string } & Partial<Omit<CreateFields, 'code'>>;
/** create: the code must be new; update: known; upsert: either (the importer). */
export type Intent = 'create' | 'update' | 'upsert';

export type ItemWrite =
  | { kind: 'insert'; code: string; row: NewItem }
  | { kind: 'update'; code: string; id: number; changes: Updateable<ItemTable> };

const slots = [
  { field: 'barcode', qty: 'barcodeInvQty', column: 'barcode', lower: 'barcode_lower', qtyColumn: 'barcode_inv_qty' },
  {
    field: 'barcode2',
    qty: 'barcode2InvQty',
    column: 'barcode2',
    lower: 'barcode2_lower',
    qtyColumn: 'barcode2_inv_qty',
  },
  {
    field: 'barcode3',
    qty: 'barcode3InvQty',
    column: 'barcode3',
    lower: 'barcode3_lower',
    qtyColumn: 'barcode3_inv_qty',
  },
] as const;

const bit = (value: boolean) => (value ? 1 : 0);

function inputOf(draft: ItemDraft): ItemInput {
  const prefs = draft.receiptScanPreferences ?? {};
  return {
    code: draft.code,
    name: draft.name ?? draft.code,
    visualCode: draft.visualCode ?? draft.code,
    secondName: draft.secondName ?? null,
    barcodes: [draft.barcode ?? null, draft.barcode2 ?? null, draft.barcode3 ?? null],
    barcodeQuantities: [draft.barcodeInvQty ?? 1, draft.barcode2InvQty ?? 1, draft.barcode3InvQty ?? 1],
    units: draft.units ?? null,
    groupName: draft.groupName ?? null,
    managedBy: draft.managedBy ?? 'NORMAL',
    ...(draft.serialManagedByDispatch === undefined ? {} : { serialManagedByDispatch: draft.serialManagedByDispatch }),
    avgPrice: draft.avgPrice == null ? null : String(draft.avgPrice),
    ...(draft.active === undefined ? {} : { active: draft.active }),
    ...(draft.isStockItem === undefined ? {} : { isStockItem: draft.isStockItem }),
    ...(draft.isSalesBomItem === undefined ? {} : { isSalesBomItem: draft.isSalesBomItem }),
    ...(draft.isProductionItem === undefined ? {} : { isProductionItem: draft.isProductionItem }),
    weightInMg: draft.weightInMg ?? null,
    productionIssueMethod: draft.productionIssueMethod ?? null,
    productionMaterialToleranceValue: draft.productionMaterialToleranceValue ?? null,
    productionMaterialToleranceType: draft.productionMaterialToleranceType ?? null,
    blockForQcType: draft.blockForQcType ?? null,
    ...prefs,
  };
}

/** The column changes of a draft for a known item (only the fields it sets), search text included. */
function changesOf(draft: ItemDraft, row: ItemRow, at: string): Updateable<ItemTable> {
  const changes: Updateable<ItemTable> = { updated_at: at };
  const set = <K extends keyof ItemTable>(column: K, value: Updateable<ItemTable>[K] | undefined) => {
    if (value !== undefined) changes[column] = value;
  };
  set('visual_code', draft.visualCode === undefined ? undefined : (draft.visualCode ?? row.code));
  set('name', draft.name);
  set('second_name', draft.secondName);
  for (const slot of slots) {
    const barcode = draft[slot.field];
    if (barcode !== undefined) {
      set(slot.column, barcode);
      set(slot.lower, barcode === null ? null : codeKey(barcode));
    }
    const quantity = draft[slot.qty];
    if (quantity !== undefined) set(slot.qtyColumn, toThousandths(quantity));
  }
  set('units', draft.units);
  set('group_name', draft.groupName);
  set(
    'serial_managed_by_dispatch',
    draft.serialManagedByDispatch === undefined ? undefined : bit(draft.serialManagedByDispatch),
  );
  set('avg_price', draft.avgPrice === undefined ? undefined : draft.avgPrice === null ? null : String(draft.avgPrice));
  set('active', draft.active === undefined ? undefined : bit(draft.active));
  set('is_stock_item', draft.isStockItem === undefined ? undefined : bit(draft.isStockItem));
  set('is_sales_bom_item', draft.isSalesBomItem === undefined ? undefined : bit(draft.isSalesBomItem));
  set('is_production_item', draft.isProductionItem === undefined ? undefined : bit(draft.isProductionItem));
  set('weight_in_mg', draft.weightInMg);
  set('production_issue_method', draft.productionIssueMethod);
  const tolerance = draft.productionMaterialToleranceValue;
  set(
    'production_material_tolerance_value',
    tolerance === undefined ? undefined : tolerance === null ? null : toThousandths(tolerance),
  );
  set('production_material_tolerance_type', draft.productionMaterialToleranceType);
  set('block_for_qc_type', draft.blockForQcType);
  const prefs = draft.receiptScanPreferences ?? {};
  set('scan_expiration_date', prefs.scanExpirationDate === undefined ? undefined : bit(prefs.scanExpirationDate));
  set(
    'scan_manufacturing_date',
    prefs.scanManufacturingDate === undefined ? undefined : bit(prefs.scanManufacturingDate),
  );
  set(
    'scan_manufacturing_batch',
    prefs.scanManufacturingBatch === undefined ? undefined : bit(prefs.scanManufacturingBatch),
  );
  set(
    'scan_manufacturing_serial',
    prefs.scanManufacturingSerial === undefined ? undefined : bit(prefs.scanManufacturingSerial),
  );
  const merged = { ...row, ...changes };
  changes.search_text = itemSearchText(row.code, merged.name, [merged.barcode, merged.barcode2, merged.barcode3]);
  // Only what differs is written: a file imported again rewrites no search index entry.
  for (const [column, value] of Object.entries(changes)) {
    const stored = row[column as keyof ItemRow];
    const same = typeof value === 'number' && stored !== null ? Number(stored) === value : stored === value;
    if (same && column !== 'updated_at') delete changes[column as keyof ItemTable];
  }
  return changes;
}

/** The barcodes a draft leaves on its item: the slots it sets, else the known item's. */
function barcodesAfter(draft: ItemDraft, row: ItemRow | undefined): { field: string; barcode: string | null }[] {
  return slots.map((slot) => ({
    field: slot.field,
    barcode: draft[slot.field] !== undefined ? (draft[slot.field] ?? null) : (row?.[slot.column] ?? null),
  }));
}

export interface ItemCheckOptions {
  intent: Intent;
  /** The row numbers shown in duplicateInFile (the file's; the API's single draft has none). */
  rowNumbers?: readonly number[];
  /** Lock the barcodes being assigned (PostgreSQL), when the check runs in the writing transaction. */
  lock?: boolean;
  at: string;
}

export async function checkItemDrafts(
  ctx: AppContext,
  db: DbOrTx,
  drafts: readonly ItemDraft[],
  options: ItemCheckOptions,
): Promise<Checked<ItemWrite>[]> {
  const known = new Map(
    (
      await repository.itemsByCodeLowers(
        db,
        drafts.map((d) => codeKey(d.code)),
      )
    ).map((row) => [row.code_lower, row]),
  );
  const rowOf = (index: number) => options.rowNumbers?.[index] ?? index + 1;
  const duplicates = duplicatesInBatch(
    drafts.map((d) => codeKey(d.code)),
    rowOf,
  );
  const results: Checked<ItemWrite>[] = drafts.map(() => ({ messages: [] as Message[] }));
  const claims: BarcodeClaim[] = [];
  const newCodes = new Map<string, string>();
  const deactivated: number[] = [];
  drafts.forEach((draft, index) => {
    const messages = results[index]!.messages;
    const row = known.get(codeKey(draft.code));
    const duplicate = duplicates.get(index);
    if (duplicate) messages.push(error('code', 'duplicateInFile', { value: draft.code, rows: duplicate.firstRow }));
    if (row && options.intent === 'create') messages.push(error('code', 'codeAlreadyExists', { code: row.code }));
    if (!row && options.intent === 'update') messages.push(error('code', 'unknownItemForCode', { code: draft.code }));
    if (!row && draft.name === undefined) messages.push(error('name', 'importValueRequired', {}));
    if (row && draft.managedBy !== undefined && draft.managedBy !== row.managed_by) {
      messages.push(warning('managedBy', 'managedByChangeNotAllowed', { code: row.code, managedBy: row.managed_by }));
    }
    if (row && draft.active === false && row.active === 1) deactivated.push(index);
    if (!row) newCodes.set(codeKey(draft.code), draft.code);
    const seen = new Set<string>();
    for (const { field, barcode } of barcodesAfter(draft, row)) {
      if (barcode === null) continue;
      if (seen.has(codeKey(barcode))) {
        const owner = row?.code ?? draft.code;
        messages.push(error(field, 'barcodeAlreadyAssigned', { barcode, owner, itemCode: owner }));
        continue;
      }
      seen.add(codeKey(barcode));
      // Only barcodes the draft sets are checked: a known item's own barcodes stay as they are.
      if ((draft as Record<string, unknown>)[field] !== undefined) {
        claims.push({
          index,
          field,
          barcode,
          kind: 'ITEM',
          ownerCode: row?.code ?? draft.code,
          ownerId: row?.id ?? null,
        });
      }
    }
  });
  for (const [index, messages] of await barcodeConflicts(
    ctx,
    db,
    claims,
    { kind: 'ITEM', codes: newCodes },
    {
      lock: options.lock ?? false,
    },
  )) {
    results[index]!.messages.push(...messages);
  }
  const withStock = await repository.itemIdsWithStock(
    db,
    deactivated.map((index) => known.get(codeKey(drafts[index]!.code))!.id),
  );
  for (const index of deactivated) {
    const row = known.get(codeKey(drafts[index]!.code))!;
    if (withStock.has(row.id))
      results[index]!.messages.push(error('active', 'masterDataHoldsStock', { code: row.code }));
  }
  drafts.forEach((draft, index) => {
    const result = results[index]!;
    if (hasError(result.messages)) return;
    const row = known.get(codeKey(draft.code));
    result.prepared = row
      ? { kind: 'update', code: row.code, id: row.id, changes: changesOf(draft, row, options.at) }
      : { kind: 'insert', code: draft.code, row: newItemRow(inputOf(draft), options.at) };
  });
  return results;
}
