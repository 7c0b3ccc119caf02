import { parseNumberCell } from '../importers/import-cells.js';
import { rowError, type Importer } from '../importers/importer.js';
import { column, itemCodeColumn, quantityColumn, supplierCodeColumn, warehouseCodeColumn } from './order-columns.js';
import { commitOrderGroup } from './order-commit.js';
import { announceReceiptSources } from './order-import-live.js';
import { cell, checkOrderRows, codeOf, compactExtras, type OrderRowPrepared, type OrderSpec } from './order-rows.js';

/**
 * purchase_orders (role purchasing; docs/decisions/0177-order-importers.md): one PURCHASE_ORDER in
 * status OPEN per supplier + order reference, its lines in file order. A line keeps the ERP's line
 * reference and the price (a decimal string) in its extras. Nothing is queued for the ERP: the
 * orders come from a file, not from the warehouse.
 */
const spec: OrderSpec = {
  documentType: 'PURCHASE_ORDER',
  partnerColumn: 'supplierCode',
  partnerType: 'SUPPLIER',
  referenceColumn: 'orderReference',
  dateColumn: 'dueDate',
};

export const purchaseOrderImporter: Importer<OrderRowPrepared> = {
  kind: 'purchase_orders',
  columns: [
    supplierCodeColumn,
    column('orderReference', 'text', true, [
      'Order reference',
      'Orderreferentie',
      'Bestellreferenz',
      'Numer zamówienia',
      'Order number',
      'Inkoopordernummer',
      'Bestellnummer',
      'PO number',
    ]),
    warehouseCodeColumn,
    itemCodeColumn,
    quantityColumn,
    column('dueDate', 'date', false, ['Due date', 'Leverdatum', 'Liefertermin', 'Termin dostawy', 'Delivery date']),
    column('lineReference', 'text', false, [
      'Line reference',
      'Regelreferentie',
      'Positionsreferenz',
      'Numer pozycji',
      'Line',
      'Regel',
      'Position',
    ]),
    column('price', 'number', false, ['Price', 'Prijs', 'Preis', 'Cena', 'Unit price', 'Stukprijs', 'Einzelpreis']),
  ],
  check: (db, rows, run) =>
    checkOrderRows(db, rows, run, spec, (draft) => {
      const priceText = cell(draft.source, 'price');
      let price: string | null = null;
      if (priceText !== '') {
        const value = parseNumberCell(priceText, run.language);
        if (value === null || Math.abs(value) > 1e12) {
          draft.messages.push(rowError('price', 'notANumber', { value: priceText }));
        } else if (value < 0) draft.messages.push(rowError('price', 'invalidPrice', { price: priceText }));
        else price = String(value);
      }
      return compactExtras({ lineReference: codeOf(draft, 'lineReference'), price });
    }),
  commit: (tx, rows) =>
    commitOrderGroup(tx, rows, {
      type: 'PURCHASE_ORDER',
      status: 'OPEN',
      dates: (date) => ({ dueDate: date, shipDate: null }),
    }),
  afterCommit: (ctx, created) => announceReceiptSources(ctx, created),
};
