import { paddedCodeKey, toThousandths, type ApprovingManager, type receiptProgressRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { badRequest, unprocessable } from '../../http/app-error.js';
import { receiptBlocksForQc } from '../quality-control/qc-requests.service.js';
import { assertOverReceiptAllowed, effectiveOverReceiptRule } from './over-receipt-rules.js';
import { overReceiptModeOf, type WarehouseReceiptSettings } from './receipt-settings.service.js';
import * as repository from './goods-receipt.repository.js';
import * as entryRows from './receipt-entries.repository.js';
import * as masterData from './receipt-master-data.repository.js';

/**
 * The checks of one progress entry (PROCESSES.md 1.1 steps 3-6; docs/decisions/0172-goods-
 * receipt.md), run inside the entry's transaction with the source line locked, so two entries of
 * one line are decided one after the other and never pass the over-receipt cap together.
 * Answers the rows to insert: one per serial for a serial item, else one.
 */
export type ProgressRequest = z.output<typeof receiptProgressRequestSchema>;

/** The announced batch and dates of a planned goods receipt line (its extras JSON). */
export interface PlannedBatch {
  batch: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
}

export function plannedBatchOf(extras: string | null): PlannedBatch {
  const none = { batch: null, expirationDate: null, manufacturingDate: null };
  if (!extras) return none;
  try {
    const parsed = JSON.parse(extras) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
    return {
      batch: text(parsed.batch),
      expirationDate: text(parsed.expirationDate),
      manufacturingDate: text(parsed.manufacturingDate),
    };
  } catch {
    return none;
  }
}

export interface EntryContext {
  receipt: repository.ReceiptHeadRow;
  source: repository.SourceDocumentRow & { warehouse_id: number };
  line: repository.SourceLineRow;
  /** The receipt warehouse's settings (staging location, over-receipt rule), read once per entry. */
  settings: WarehouseReceiptSettings;
  request: ProgressRequest;
  user: { userId: number; username: string };
  approver: ApprovingManager | null;
  today: string;
  at: string;
}

interface BatchDecision {
  batch: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
  manufacturingBatch: string | null;
}

async function decideBatch(tx: Tx, c: EntryContext): Promise<BatchDecision> {
  const { line, request } = c;
  const item = line.item_code;
  const planned = plannedBatchOf(line.extras);
  const batch = request.batch ?? planned.batch;
  if (batch === null) throw unprocessable('batchRequired', { item });
  const samePlanned = planned.batch !== null && paddedCodeKey(planned.batch) === paddedCodeKey(batch);
  let expirationDate = request.expirationDate ?? (samePlanned ? planned.expirationDate : null);
  const manufacturingDate = request.manufacturingDate ?? (samePlanned ? planned.manufacturingDate : null);

  const known = await masterData.findBatch(tx, line.item_id, batch);
  const entered = (await entryRows.enteredBatches(tx, c.receipt.id, line.item_id)).find(
    (e) => e.batch_code !== null && paddedCodeKey(e.batch_code) === paddedCodeKey(batch),
  );
  const knownExpiry = known ? known.expiration_date : entered ? entered.expiration_date : undefined;
  if (knownExpiry !== undefined) {
    if (expirationDate !== null && knownExpiry !== null && expirationDate !== knownExpiry) {
      if (!request.confirmations.batchExpiry) {
        throw unprocessable('batchExistsWithOtherExpiry', { batch, expirationDate, knownExpirationDate: knownExpiry });
      }
    }
    expirationDate = knownExpiry ?? expirationDate;
  } else {
    if (line.scan_expiration_date && expirationDate === null) throw unprocessable('expirationDateRequired', { item });
    if (line.scan_manufacturing_date && manufacturingDate === null) {
      throw unprocessable('manufacturingDateRequired', { item });
    }
    if (line.scan_manufacturing_batch && request.manufacturingBatch === null) {
      throw unprocessable('manufacturingBatchRequired', { item });
    }
  }
  if (expirationDate !== null && expirationDate < c.today) {
    throw unprocessable('batchAlreadyExpired', { batch, expirationDate });
  }
  return {
    batch: known?.code ?? batch,
    expirationDate,
    manufacturingDate,
    manufacturingBatch: request.manufacturingBatch,
  };
}

/** The serials of the entry: each once, not in stock, not on an unposted entry. */
async function decideSerials(tx: Tx, c: EntryContext): Promise<{ serial: string; key: string; mnf: string | null }[]> {
  const { line, request } = c;
  const item = line.item_code;
  if (request.serials.length === 0) throw unprocessable('serialRequired', { item });
  if (request.quantity !== undefined && request.quantity !== request.serials.length) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.quantity', message: 'the number of serials' }] });
  }
  const seen = new Set<string>();
  const serials = request.serials.map((serial, i) => {
    const key = paddedCodeKey(serial);
    if (seen.has(key)) throw unprocessable('serialAlreadyExists', { item, serial });
    seen.add(key);
    const mnf = request.manufacturingSerials[i] ?? null;
    if (line.scan_manufacturing_serial && mnf === null) throw unprocessable('manufacturingSerialRequired', { item });
    return { serial, key, mnf };
  });
  const keys = serials.map((s) => s.key);
  const onEntries = new Set(await entryRows.openSerialKeys(tx, line.item_id, keys));
  const inStock = new Set(
    (await masterData.serialsWithStock(tx, line.item_id, keys))
      .filter((s) => Boolean(s.in_stock))
      .map((s) => s.code_key),
  );
  const taken = serials.find((s) => onEntries.has(s.key) || inStock.has(s.key));
  if (taken) throw unprocessable('serialAlreadyExists', { item, serial: taken.serial });
  return serials;
}

const qcTargetTypes = new Set(['BULK', 'MOBILE']);

/** The target: the scanned location or cart, else the warehouse's receipt staging location. */
async function decideTarget(tx: Tx, c: EntryContext, qcPending: boolean): Promise<masterData.TargetLocationRow> {
  const { settings } = c;
  const scanned = c.request.targetLocation;
  if (scanned === null && settings.receiptStagingLocation === null) {
    throw unprocessable('noReceiptLocation', { warehouse: settings.warehouseCode });
  }
  const location =
    scanned === null
      ? await masterData.findLocationById(tx, settings.receiptStagingLocation?.id ?? 0)
      : await masterData.findLocation(tx, scanned);
  if (!location || !location.active) throw unprocessable('unknownLocation', { code: scanned ?? '' });
  if (location.warehouse_id !== c.source.warehouse_id) {
    throw unprocessable('locationNotInWarehouse', { location: location.code, warehouse: settings.warehouseCode });
  }
  if (location.block_stock_movements) {
    throw unprocessable('stockMovementsBlocked', {
      code: location.code,
      reason: location.block_stock_movements_reason,
    });
  }
  if (qcPending && location.location_type !== 'QC') {
    const emptyBulkOrMobile =
      qcTargetTypes.has(location.location_type) &&
      location.physical_location_type === 'NORMAL' &&
      !(await masterData.holdsOtherStock(tx, location.id, c.line.item_id));
    if (!emptyBulkOrMobile)
      throw unprocessable('qcStockNeedsQcLocation', { item: c.line.item_code, location: location.code });
  }
  return location;
}

export interface PlannedEntries {
  rows: entryRows.NewEntry[];
  /** The target's code (every row goes there). */
  targetCode: string;
  /** This receipt's progress on the line before the entry (thousandths). */
  progressBefore: number;
}

/** The rows of one progress entry, checked; throws the refusal's 422 (the entry is then not saved). */
export async function plannedEntries(tx: Tx, c: EntryContext): Promise<PlannedEntries> {
  const { line, request } = c;
  const serialItem = line.managed_by === 'SERIAL_NUMBER';
  const batchItem = line.managed_by === 'BATCH_NUMBER';
  const serials = serialItem ? await decideSerials(tx, c) : [];
  const batch = batchItem ? await decideBatch(tx, c) : null;
  const quantity = toThousandths(serialItem ? serials.length : (request.quantity ?? 0));
  if (quantity <= 0) throw badRequest('invalidInput', { fields: [{ field: 'body.quantity', message: '> 0' }] });

  const qcPending = receiptBlocksForQc(line.block_for_qc_type, 'PURCHASE_RECEIPT');
  const target = await decideTarget(tx, c, qcPending);

  const receivedBefore = repository.receivedBeforeOf(line);
  const progress = await entryRows.progressOfLine(tx, c.receipt.id, line.line_number);
  const rule = effectiveOverReceiptRule(c.settings.overReceipt, {
    mode: overReceiptModeOf(line.over_receipt_mode),
    tolerancePercent: line.over_receipt_tolerance_percent,
  });
  const { overReceipt, approvalUsed } = assertOverReceiptAllowed({
    ...rule,
    ordered: Number(line.quantity),
    received: receivedBefore + progress,
    entry: quantity,
    confirmed: request.confirmations.quantity,
    managerApproved: c.approver !== null,
  });

  const base = {
    receipt_id: c.receipt.id,
    source_line_id: line.id,
    line_number: line.line_number,
    item_id: line.item_id,
    batch_code: batch?.batch ?? null,
    expiration_date: batch?.expirationDate ?? null,
    manufacturing_date: batch?.manufacturingDate ?? null,
    mnf_batch_code: batch?.manufacturingBatch ?? null,
    target_bin_location_id: target.id,
    qc_pending: qcPending ? 1 : 0,
    approved_by: approvalUsed ? (c.approver?.username ?? null) : null,
    user_id: c.user.userId,
    username: c.user.username,
    created_at: c.at,
  };
  const planned = { targetCode: target.code, progressBefore: progress };
  if (!serialItem) {
    const row = { ...base, quantity, serial_code: null, open_serial_key: null, mnf_serial_code: null };
    return { ...planned, rows: [{ ...row, over_receipt: overReceipt }] };
  }
  // The over-receipt is told on the last serials of the entry: those above the open quantity.
  const overUnits = overReceipt / 1000;
  const rows = serials.map((s, i) => ({
    ...base,
    quantity: 1000,
    serial_code: s.serial,
    open_serial_key: s.key,
    mnf_serial_code: s.mnf,
    over_receipt: i >= serials.length - overUnits ? 1000 : 0,
  }));
  return { ...planned, rows };
}

/** Whether an entry's approval was the manager's (for the answer). */
export function approvalOf(entries: readonly entryRows.NewEntry[], approver: ApprovingManager | null) {
  return entries.some((e) => e.approved_by !== null) ? approver : null;
}
