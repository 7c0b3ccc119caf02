/** Demo-like fixtures of the goods receipt tests (workflow and components); never imported by the app. */
import type { GoodsReceipt, Item, ReceiptEntry, ReceiptItemRules, ReceiptLine } from '@wms/contract';
import { makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';

export const normalItem = makeItem({ code: 'ITEM-003', name: 'Washer M8', barcode: '8712345000134' });
export const boxedItem = makeItem({ code: 'ITEM-004', name: 'Nut M8', barcode: '8712345000141', barcodeInvQty: 12 });
export const batchItem = makeItem({
  code: 'BATCH-001',
  name: 'Paracetamol 500 mg',
  barcode: '8712345000059',
  managedBy: 'BATCH_NUMBER',
  units: 'box',
});
export const serialItem = makeItem({
  code: 'SERIAL-001',
  name: 'Barcode scanner XR-5',
  barcode: '8712345000073',
  managedBy: 'SERIAL_NUMBER',
  serialManagedByDispatch: false,
});
export const otherItem = makeItem({ code: 'ITEM-009', name: 'Not ordered', barcode: '8712345000999' });
export const items: Item[] = [normalItem, boxedItem, batchItem, serialItem, otherItem];
export const staging = makeLocation({ code: '01-RECEIVE', warehouseName: 'Main warehouse' });
export const cart = makeLocation({ code: 'CART-01' });

const rules = (item: Item, changes: Partial<ReceiptItemRules> = {}): ReceiptItemRules => ({
  managedBy: item.managedBy,
  scanExpirationDate: false,
  scanManufacturingDate: false,
  scanManufacturingBatch: false,
  scanManufacturingSerial: false,
  blockedForQc: false,
  ...changes,
});

export function receiptLine(
  line: number,
  item: Item,
  ordered: number,
  changes: Partial<ReceiptLine> & { ruleChanges?: Partial<ReceiptItemRules> } = {},
): ReceiptLine {
  const { ruleChanges, ...rest } = changes;
  return {
    line,
    item: item.code,
    itemName: item.name,
    units: item.units,
    barcodes: item.barcode ? [{ barcode: item.barcode, quantity: item.barcodeInvQty }] : [],
    rules: rules(item, ruleChanges),
    ordered,
    receivedBefore: 0,
    progress: 0,
    open: ordered,
    plannedBatch: null,
    plannedExpirationDate: null,
    ...rest,
  };
}

export function makeReceipt(lines: ReceiptLine[], changes: Partial<GoodsReceipt> = {}): GoodsReceipt {
  return {
    code: 'GR-1',
    status: 'OPEN',
    version: 1,
    source: { type: 'PURCHASE_ORDER', code: 'PO-1004', status: 'OPEN', supplier: 'S-1', supplierName: 'Acme' },
    warehouse: '01',
    defaultTargetLocation: '01-RECEIVE',
    lines,
    entries: [],
    createdBy: 'admin',
    createdAt: '2025-06-15T08:00:00.000Z',
    ...changes,
  };
}

/** The receipt of the tests: a normal item (10), a batch item with dates asked (100), a serial item (3). */
export const receipt = makeReceipt([
  receiptLine(0, normalItem, 10),
  receiptLine(1, batchItem, 100, { ruleChanges: { scanExpirationDate: true, scanManufacturingBatch: true } }),
  receiptLine(2, serialItem, 3),
  receiptLine(3, boxedItem, 48),
]);

export function entry(line: ReceiptLine, quantity: number, changes: Partial<ReceiptEntry> = {}): ReceiptEntry {
  return {
    id: 1,
    line: line.line,
    item: line.item,
    quantity,
    batch: null,
    expirationDate: null,
    manufacturingDate: null,
    manufacturingBatch: null,
    serial: null,
    manufacturingSerial: null,
    targetLocation: '01-RECEIVE',
    qcPending: false,
    username: 'admin',
    at: '2025-06-15T09:00:00.000Z',
    overReceipt: 0,
    approvedBy: null,
    ...changes,
  };
}
