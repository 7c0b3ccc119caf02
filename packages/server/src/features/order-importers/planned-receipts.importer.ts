import { codeKey, paddedCodeKey } from '@wms/contract';
import { rowError, type Importer } from '../importers/importer.js';
import { column, itemCodeColumn, quantityColumn, supplierCodeColumn, warehouseCodeColumn } from './order-columns.js';
import { commitOrderGroup } from './order-commit.js';
import { announceDraftReceipts } from './order-import-live.js';
import { existingDocumentKeys } from './order-import-lookups.repository.js';
import {
  cell,
  checkOrderRows,
  codeOf,
  compactExtras,
  dateOf,
  type OrderRowDraft,
  type OrderRowPrepared,
  type OrderSpec,
} from './order-rows.js';

/**
 * planned_goods_receipts (role plannedGoodsReceiptsDraftImporter; docs/decisions/0177-order-importers.md):
 * one PLANNED_GOODS_RECEIPT per supplier + reference in status DRAFT, which goods receipt does not
 * see until a purchaser releases it (features/planned-receipts). A line announces a batch with its
 * expiry and production date (batch items only), or one serial (serial items only, quantity 1),
 * and may name the purchase order it delivers; all of it is kept in the line's extras
 * {batch, expirationDate, manufacturingDate, serial, purchaseOrderReference}, the keys goods
 * receipt reads.
 */
const spec: OrderSpec = {
  documentType: 'PLANNED_GOODS_RECEIPT',
  partnerColumn: 'supplierCode',
  partnerType: 'SUPPLIER',
  referenceColumn: 'reference',
  dateColumn: 'dueDate',
};

function lineOf(draft: OrderRowDraft, purchaseOrders: ReadonlySet<string>): Record<string, unknown> | null {
  const item = draft.item;
  const batch = codeOf(draft, 'batch');
  if (batch !== null && item && item.managed_by !== 'BATCH_NUMBER') {
    draft.messages.push(rowError('batch', 'batchNotAllowedForItem', { item: item.code }));
  }
  const serial = codeOf(draft, 'serial');
  if (serial !== null && item && item.managed_by !== 'SERIAL_NUMBER') {
    draft.messages.push(rowError('serial', 'serialNotAllowedForItem', { item: item.code }));
  } else if (serial !== null && item && draft.quantity !== null && draft.quantity !== 1000) {
    draft.messages.push(rowError('quantity', 'serialQuantityMustBeOne', { item: item.code }));
  }
  const purchaseOrderReference = codeOf(draft, 'purchaseOrderReference');
  if (purchaseOrderReference !== null && !purchaseOrders.has(codeKey(purchaseOrderReference))) {
    draft.messages.push(
      rowError('purchaseOrderReference', 'unknownDocument', { type: 'PURCHASE_ORDER', code: purchaseOrderReference }),
    );
  }
  return compactExtras({
    batch,
    expirationDate: dateOf(draft, 'expirationDate'),
    manufacturingDate: dateOf(draft, 'manufacturingDate'),
    serial,
    purchaseOrderReference,
  });
}

/** A serial announced twice for one item in the file: the later rows are serialAlreadyExists. */
function refuseRepeatedSerials(drafts: readonly OrderRowDraft[]): void {
  const seen = new Set<string>();
  for (const draft of drafts) {
    const serial = draft.extras?.serial;
    if (typeof serial !== 'string' || !draft.item) continue;
    const key = `${draft.item.id}\u0001${paddedCodeKey(serial)}`;
    if (seen.has(key))
      draft.messages.push(rowError('serial', 'serialAlreadyExists', { serial, item: draft.item.code }));
    seen.add(key);
  }
}

export const plannedReceiptImporter: Importer<OrderRowPrepared> = {
  kind: 'planned_goods_receipts',
  columns: [
    supplierCodeColumn,
    column('reference', 'text', true, [
      'Reference',
      'Referentie',
      'Referenz',
      'Numer referencyjny',
      'ASN',
      'Delivery note',
      'Pakbon',
      'Lieferschein',
    ]),
    warehouseCodeColumn,
    itemCodeColumn,
    quantityColumn,
    column('dueDate', 'date', false, [
      'Due date',
      'Verwachte datum',
      'Liefertermin',
      'Oczekiwana data',
      'Expected date',
    ]),
    column('batch', 'text', false, ['Batch', 'Partij', 'Charge', 'Partia', 'Lot']),
    column('expirationDate', 'date', false, [
      'Expiry date',
      'Houdbaarheidsdatum',
      'Verfallsdatum',
      'Data ważności',
      'Expiration date',
      'Best before',
    ]),
    column('manufacturingDate', 'date', false, [
      'Production date',
      'Productiedatum',
      'Herstellungsdatum',
      'Data produkcji',
      'Manufacturing date',
    ]),
    column('serial', 'text', false, ['Serial number', 'Serienummer', 'Seriennummer', 'Numer seryjny', 'Serial']),
    column('purchaseOrderReference', 'text', false, [
      'Purchase order',
      'Inkooporder',
      'Bestellung',
      'Zamówienie zakupu',
      'PO number',
      'Inkoopordernummer',
    ]),
  ],
  check: async (db, rows, run) => {
    const references = rows.map((row) => cell(row, 'purchaseOrderReference')).filter((code) => code !== '');
    const purchaseOrders = await existingDocumentKeys(db, 'PURCHASE_ORDER', references);
    return checkOrderRows(db, rows, run, spec, (draft) => lineOf(draft, purchaseOrders), refuseRepeatedSerials);
  },
  commit: (tx, rows) =>
    commitOrderGroup(tx, rows, {
      type: 'PLANNED_GOODS_RECEIPT',
      status: 'DRAFT',
      dates: (date) => ({ dueDate: date, shipDate: null }),
    }),
  afterCommit: async (ctx, created) => announceDraftReceipts(ctx, created),
};
