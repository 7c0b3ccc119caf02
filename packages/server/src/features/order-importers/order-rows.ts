import { codeKey, paddedCodeKey, toThousandths, type DocumentType, type ImportMessage } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { parseDateCell, parseNumberCell } from '../importers/import-cells.js';
import { rowError, rowPasses, type CheckedRow, type ImportRunContext, type SourceRow } from '../importers/importer.js';
import * as lookups from './order-import-lookups.repository.js';
import type { ItemRow } from './order-import-lookups.repository.js';

/**
 * What the three order importers share (docs/decisions/0177-order-importers.md): a partner and an
 * order reference make a document (the group), a warehouse and a date the rows of a document must
 * agree on, and an item and a quantity per row, which becomes one line. The importer adds its own
 * columns (price, ship-to, batch, serial, ...) through `lineOf`, which answers the line's extras.
 */
export interface OrderSpec {
  documentType: Extract<DocumentType, 'PURCHASE_ORDER' | 'SALES_ORDER' | 'PLANNED_GOODS_RECEIPT'>;
  partnerColumn: string;
  partnerType: 'SUPPLIER' | 'CUSTOMER';
  referenceColumn: string;
  /** The document's date column (due date or ship date): one value per document. */
  dateColumn: string;
}

/** What one valid row writes: the document it belongs to and its line. */
export interface OrderRowPrepared {
  /** The document code, as the file first spells it. */
  code: string;
  partnerId: number;
  warehouseId: number;
  date: string | null;
  itemId: number;
  /** Thousandths. */
  quantity: number;
  extras: Record<string, unknown> | null;
}

/** A row being checked, as the importer's own checks see it. */
export interface OrderRowDraft {
  source: SourceRow;
  messages: ImportMessage[];
  item: ItemRow | null;
  /** Thousandths, when the quantity is a number above zero. */
  quantity: number | null;
  extras: Record<string, unknown> | null;
}

export type LineOf = (draft: OrderRowDraft, run: ImportRunContext) => Record<string, unknown> | null;

/** Cell text, trimmed ('' when empty or unmapped). */
export const cell = (row: SourceRow, column: string): string => (row.values[column] ?? '').trim();

/** The longest document, batch or serial code the wire takes. */
export const maxCodeLength = 100;

/** An optional date cell: null when empty; an unreadable one adds invalidDate {value}. */
export function dateOf(draft: OrderRowDraft, column: string): string | null {
  const text = cell(draft.source, column);
  if (text === '') return null;
  const date = parseDateCell(text);
  if (date === null) draft.messages.push(rowError(column, 'invalidDate', { value: text }));
  return date;
}

/** An optional code cell (batch, serial, reference): null when empty; too long adds valueTooLong {max}. */
export function codeOf(draft: OrderRowDraft, column: string): string | null {
  const text = cell(draft.source, column);
  if (text === '') return null;
  if (text.length > maxCodeLength) {
    draft.messages.push(rowError(column, 'valueTooLong', { max: maxCodeLength }));
    return null;
  }
  return text;
}

/** Drops null and undefined values; null when nothing is left. */
export function compactExtras(extras: Record<string, unknown>): Record<string, unknown> | null {
  const kept = Object.entries(extras).filter(([, value]) => value !== null && value !== undefined);
  return kept.length === 0 ? null : Object.fromEntries(kept);
}

const nonEmpty = (values: Iterable<string>) => [...values].filter((value) => value !== '');

/**
 * Checks the rows of an order file: every code resolved in batches, numbers in the caller's
 * language, dates, duplicate references (existing documents and one reference for two partners
 * in the file) and the agreement of a document's rows on warehouse and date. `crossCheck` runs
 * after every row is read, for checks across rows of the importer's own columns.
 */
export async function checkOrderRows(
  db: DbOrTx,
  rows: readonly SourceRow[],
  run: ImportRunContext,
  spec: OrderSpec,
  lineOf: LineOf,
  crossCheck?: (drafts: readonly OrderRowDraft[]) => void,
): Promise<CheckedRow<OrderRowPrepared>[]> {
  const column = (row: SourceRow, name: string) => cell(row, name);
  const partners = await lookups.partnersByCode(db, nonEmpty(rows.map((r) => column(r, spec.partnerColumn))));
  const warehouses = await lookups.warehousesByCode(db, nonEmpty(rows.map((r) => column(r, 'warehouseCode'))));
  const sole = rows.some((r) => column(r, 'warehouseCode') === '') ? await lookups.soleActiveWarehouse(db) : null;
  const items = await lookups.itemsByCode(db, nonEmpty(rows.map((r) => column(r, 'itemCode'))));
  const references = nonEmpty(rows.map((r) => column(r, spec.referenceColumn)));
  const existing = await lookups.existingDocumentKeys(db, spec.documentType, references);

  const referenceSpelling = new Map<string, string>();
  const partnerSpelling = new Map<string, string>();
  const partnersOfReference = new Map<string, Set<string>>();
  const checked = rows.map((source) => {
    const draft: OrderRowDraft = { source, messages: [], item: null, quantity: null, extras: null };
    const required = (name: string): string => {
      const text = column(source, name);
      if (text === '') draft.messages.push(rowError(name, 'importValueRequired', { column: name }));
      return text;
    };

    const partnerText = required(spec.partnerColumn);
    const found = partnerText === '' ? undefined : partners.get(paddedCodeKey(partnerText));
    const partner = found?.type === spec.partnerType ? found : undefined;
    if (partnerText !== '' && !partner) {
      draft.messages.push(rowError(spec.partnerColumn, 'unknownBusinessPartner', { code: partnerText }));
    }

    let reference = required(spec.referenceColumn);
    if (reference.length > maxCodeLength) {
      draft.messages.push(rowError(spec.referenceColumn, 'valueTooLong', { max: maxCodeLength }));
      reference = '';
    } else if (reference !== '' && existing.has(codeKey(reference))) {
      draft.messages.push(rowError(spec.referenceColumn, 'duplicateExternalReference', { reference }));
    }

    const warehouseText = column(source, 'warehouseCode');
    let warehouseId: number | null = null;
    if (warehouseText === '') {
      if (sole) warehouseId = sole.id;
      else draft.messages.push(rowError('warehouseCode', 'importValueRequired', { column: 'warehouseCode' }));
    } else {
      const warehouse = warehouses.get(codeKey(warehouseText));
      if (!warehouse) draft.messages.push(rowError('warehouseCode', 'unknownWarehouse', { code: warehouseText }));
      else if (warehouse.active === 0) {
        draft.messages.push(rowError('warehouseCode', 'warehouseInactive', { code: warehouseText }));
      } else warehouseId = warehouse.id;
    }

    const date = dateOf(draft, spec.dateColumn);

    const itemText = required('itemCode');
    const item = itemText === '' ? undefined : items.get(codeKey(itemText));
    if (itemText !== '' && !item) draft.messages.push(rowError('itemCode', 'unknownItemForCode', { code: itemText }));
    else if (item && item.active === 0) draft.messages.push(rowError('itemCode', 'itemInactive', { code: item.code }));
    draft.item = item ?? null;

    const quantityText = required('quantity');
    if (quantityText !== '') {
      const quantity = parseNumberCell(quantityText, run.language);
      if (quantity === null || Math.abs(quantity) > 1e12) {
        draft.messages.push(rowError('quantity', 'notANumber', { value: quantityText }));
      } else if (toThousandths(quantity) <= 0) {
        draft.messages.push(rowError('quantity', 'quantityMustBePositive', { value: quantityText }));
      } else draft.quantity = toThousandths(quantity);
    }

    draft.extras = lineOf(draft, run);

    let group: string | null = null;
    if (partnerText !== '' && reference !== '') {
      const partnerKey = paddedCodeKey(partnerText);
      const referenceKey = codeKey(reference);
      if (!partnerSpelling.has(partnerKey)) partnerSpelling.set(partnerKey, partner?.code ?? partnerText);
      if (!referenceSpelling.has(referenceKey)) referenceSpelling.set(referenceKey, reference);
      // One reference for two partners (known ones: an unknown partner is its own error).
      const seen = partnersOfReference.get(referenceKey) ?? new Set<string>();
      partnersOfReference.set(referenceKey, partner ? seen.add(partnerKey) : seen);
      group = `${partnerSpelling.get(partnerKey)} / ${referenceSpelling.get(referenceKey)}`;
    }
    return { draft, reference, partnerId: partner?.id ?? null, warehouseId, date, group };
  });

  crossCheck?.(checked.map((c) => c.draft));

  const documentHeads = new Map<string, { warehouseId: number | null; date: string | null }>();
  return checked.map(({ draft, reference, partnerId, warehouseId, date, group }) => {
    const { messages } = draft;
    if (reference !== '' && (partnersOfReference.get(codeKey(reference))?.size ?? 0) > 1) {
      if (!messages.some((m) => m.key === 'duplicateExternalReference')) {
        messages.push(rowError(spec.referenceColumn, 'duplicateExternalReference', { reference }));
      }
    }
    if (group !== null) {
      const head = documentHeads.get(group) ?? { warehouseId: null, date: null };
      if (warehouseId !== null && head.warehouseId !== null && warehouseId !== head.warehouseId) {
        messages.push(rowError('warehouseCode', 'rowConflictsWithGroup', { column: 'warehouseCode' }));
      }
      if (date !== null && head.date !== null && date !== head.date) {
        messages.push(rowError(spec.dateColumn, 'rowConflictsWithGroup', { column: spec.dateColumn }));
      }
      documentHeads.set(group, { warehouseId: head.warehouseId ?? warehouseId, date: head.date ?? date });
    }
    const row: CheckedRow<OrderRowPrepared> = { rowNumber: draft.source.rowNumber, messages, group };
    if (rowPasses(row) && partnerId !== null && warehouseId !== null && draft.item && draft.quantity !== null) {
      row.prepared = {
        code: referenceSpelling.get(codeKey(reference)) ?? reference,
        partnerId,
        warehouseId,
        date,
        itemId: draft.item.id,
        quantity: draft.quantity,
        extras: draft.extras,
      };
    }
    return row;
  });
}
