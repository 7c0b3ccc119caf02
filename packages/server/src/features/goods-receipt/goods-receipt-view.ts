import {
  fromThousandths,
  type GoodsReceipt,
  type ReceiptEntry,
  type ReceiptLine,
  type ReceiptSourceType,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { receiptBlocksForQc } from '../quality-control/qc-requests.service.js';
import { warehouseReceiptSettings, type WarehouseReceiptSettings } from './receipt-settings.service.js';
import { plannedBatchOf } from './receipt-entry-rules.js';
import * as repository from './goods-receipt.repository.js';
import * as entryRows from './receipt-entries.repository.js';

/** The receipt as the handheld shows it: the source's lines with received, progress and open, and the entries. */

type ReceiptStatus = GoodsReceipt['status'];
type SourceStatus = GoodsReceipt['source']['status'];

export function entryOf(row: entryRows.EntryRow): ReceiptEntry {
  return {
    id: row.id,
    line: row.line_number,
    item: row.item_code,
    quantity: fromThousandths(Number(row.quantity)),
    batch: row.batch_code,
    expirationDate: row.expiration_date,
    manufacturingDate: row.manufacturing_date,
    manufacturingBatch: row.mnf_batch_code,
    serial: row.serial_code,
    manufacturingSerial: row.mnf_serial_code,
    targetLocation: row.target_code,
    qcPending: row.qc_pending === 1,
    username: row.username,
    at: row.created_at,
    overReceipt: fromThousandths(Number(row.over_receipt)),
    approvedBy: row.approved_by,
  };
}

/** A source line as the receipt shows it, with this receipt's progress on it (thousandths). */
export function lineOf(row: repository.SourceLineRow, progress: number): ReceiptLine {
  const ordered = Number(row.quantity);
  const receivedBefore = repository.receivedBeforeOf(row);
  const planned = plannedBatchOf(row.extras);
  const barcodes = [
    { barcode: row.barcode, quantity: row.barcode_inv_qty },
    { barcode: row.barcode2, quantity: row.barcode2_inv_qty },
    { barcode: row.barcode3, quantity: row.barcode3_inv_qty },
  ].flatMap((b) => (b.barcode ? [{ barcode: b.barcode, quantity: fromThousandths(Number(b.quantity)) }] : []));
  return {
    line: row.line_number,
    item: row.item_code,
    itemName: row.item_name,
    units: row.units,
    barcodes,
    rules: {
      managedBy: row.managed_by as ReceiptLine['rules']['managedBy'],
      scanExpirationDate: row.scan_expiration_date === 1,
      scanManufacturingDate: row.scan_manufacturing_date === 1,
      scanManufacturingBatch: row.scan_manufacturing_batch === 1,
      scanManufacturingSerial: row.scan_manufacturing_serial === 1,
      blockedForQc: receiptBlocksForQc(row.block_for_qc_type, 'PURCHASE_RECEIPT'),
    },
    ordered: fromThousandths(ordered),
    receivedBefore: fromThousandths(receivedBefore),
    progress: fromThousandths(progress),
    open: fromThousandths(Math.max(0, ordered - receivedBefore - progress)),
    plannedBatch: planned.batch,
    plannedExpirationDate: planned.expirationDate,
  };
}

/**
 * The receipt with its lines and entries, read in one go (inside a transaction when given one).
 * A caller that read the source and the warehouse settings in its transaction passes them.
 */
export async function receiptView(
  db: DbOrTx,
  head: repository.ReceiptHeadRow,
  known: { source?: repository.SourceDocumentRow; settings?: WarehouseReceiptSettings } = {},
): Promise<GoodsReceipt> {
  const source = known.source ?? (await repository.findSourceById(db, head.source_document_id));
  if (!source) throw notFound('unknownDocument', { type: 'GOODS_RECEIPT', code: head.code });
  const [lines, entries, settings] = await Promise.all([
    repository.sourceLines(db, source.id),
    entryRows.receiptEntries(db, head.id),
    known.settings ??
      (source.warehouse_id === null ? Promise.resolve(null) : warehouseReceiptSettings(db, source.warehouse_id)),
  ]);
  // A finished receipt's entries are posted: the source's open quantities already count them.
  const progress = new Map<number, number>();
  const unposted = head.status === 'FINISHED' ? [] : entries;
  for (const e of unposted) progress.set(e.line_number, (progress.get(e.line_number) ?? 0) + Number(e.quantity));
  return {
    code: head.code,
    status: head.status as ReceiptStatus,
    version: head.version,
    source: {
      type: source.type as ReceiptSourceType,
      code: source.code,
      status: source.status as SourceStatus,
      supplier: source.supplier_code,
      supplierName: source.supplier_name,
    },
    warehouse: source.warehouse_code ?? '',
    defaultTargetLocation: settings?.receiptStagingLocation?.code ?? null,
    lines: lines.map((l) => lineOf(l, progress.get(l.line_number) ?? 0)),
    entries: entries.map(entryOf),
    createdBy: head.created_by,
    createdAt: head.created_at,
  };
}

/** The receipt by code, or 404 unknownDocument {type: GOODS_RECEIPT, code}. */
export async function findReceiptOrThrow(db: DbOrTx, code: string): Promise<repository.ReceiptHeadRow> {
  const head = await repository.findReceipt(db, code);
  if (!head) throw notFound('unknownDocument', { type: 'GOODS_RECEIPT', code });
  return head;
}
