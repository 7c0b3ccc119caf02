import { paddedCodeKey, quantityScale } from '@wms/contract';
import type { Tx } from '../../db/database.js';
import { badRequest, unprocessable } from '../../http/app-error.js';
import type { StockMovementLine } from '../stock/stock.service.js';
import * as repository from './finished-goods-receipt.repository.js';
import type { FinishedGoodsOrderRow } from './finished-goods-receipt.repository.js';

/**
 * The batch or serials of a finished goods receipt (docs/decisions/0175-finished-goods-receipt.md),
 * resolved and created in the receipt's transaction, and the stock movement lines they make.
 *
 * - BATCH_NUMBER: the batch is required (batchRequired {item}). A new batch is created with
 *   admission date = today, the given dates and the QC flag; the item's receipt scan preferences
 *   ask for its expiry (expirationDateRequired {item}) and production date
 *   (manufacturingDateRequired {item}). A known batch keeps its dates: another expiry scanned is
 *   batchExistsWithOtherExpiry {batch, knownExpirationDate, expirationDate} until confirmed (the
 *   rescan), and then the known expiry stays. An expiry before today is batchAlreadyExpired
 *   {batch, expirationDate}.
 * - SERIAL_NUMBER (not managed by dispatch): one new serial per unit (serialRequired {item}; the
 *   quantity must be their count, else 400 invalidInput on body.serials). A serial the item has
 *   already, or one named twice, is serialAlreadyExists {serial, item}: production makes new units.
 * - Otherwise (NORMAL, or serials recorded at dispatch): one line without batch or serial; a batch
 *   or serials sent along (from a pallet label) are not used.
 * QC-pending output (qcPending) is created with qualityControlApprovedOrNotRequired = 0, and a
 * known batch receiving QC-pending output gets that flag too.
 */

export interface UnitsRequest {
  batch: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
  serials: readonly string[];
  confirmBatchExpiry: boolean;
}

export interface ReceiptUnits {
  batch: { id: number; code: string } | null;
  serials: { id: number; code: string }[];
  lines: StockMovementLine[];
}

interface UnitsContext {
  order: FinishedGoodsOrderRow;
  binLocationId: number;
  /** Integer thousandths, > 0. */
  quantity: number;
  qcPending: boolean;
  /** YYYY-MM-DD (UTC). */
  today: string;
}

type BatchRow = NonNullable<Awaited<ReturnType<typeof repository.findBatch>>>;

function checkNewUnitDates(order: FinishedGoodsOrderRow, request: UnitsRequest): void {
  if (order.scan_expiration_date === 1 && request.expirationDate === null) {
    throw unprocessable('expirationDateRequired', { item: order.item_code });
  }
  if (order.scan_manufacturing_date === 1 && request.manufacturingDate === null) {
    throw unprocessable('manufacturingDateRequired', { item: order.item_code });
  }
}

/** The expiry a known batch is received with: its own; another one scanned needs the confirmation. */
function knownBatchExpiry(found: BatchRow, request: UnitsRequest): string | null {
  const known = found.expiration_date;
  const scanned = request.expirationDate;
  if (known !== null && scanned !== null && known !== scanned && !request.confirmBatchExpiry) {
    throw unprocessable('batchExistsWithOtherExpiry', {
      batch: found.code,
      knownExpirationDate: known,
      expirationDate: scanned,
    });
  }
  return known;
}

async function resolveBatch(tx: Tx, context: UnitsContext, request: UnitsRequest): Promise<ReceiptUnits> {
  const { order } = context;
  const code = request.batch;
  if (code === null) throw unprocessable('batchRequired', { item: order.item_code });
  const key = paddedCodeKey(code);
  let found = await repository.findBatch(tx, order.item_id, key);
  let id: number;
  let batchCode: string;
  if (found) {
    const expiry = knownBatchExpiry(found, request);
    if (expiry !== null && expiry < context.today) {
      throw unprocessable('batchAlreadyExpired', { batch: found.code, expirationDate: expiry });
    }
    ({ id, code: batchCode } = found);
  } else {
    checkNewUnitDates(order, request);
    if (request.expirationDate !== null && request.expirationDate < context.today) {
      throw unprocessable('batchAlreadyExpired', { batch: code, expirationDate: request.expirationDate });
    }
    const inserted = await repository.insertBatch(tx, {
      itemId: order.item_id,
      code,
      codeKey: key,
      admissionDate: context.today,
      manufacturingDate: request.manufacturingDate,
      expirationDate: request.expirationDate,
      qcApproved: !context.qcPending,
    });
    if (inserted === undefined) {
      // A concurrent receipt created it first: it is a known batch now.
      found = await repository.findBatch(tx, order.item_id, key);
      if (!found) throw new Error(`batch ${code} of item ${order.item_code} neither inserted nor found`);
      knownBatchExpiry(found, request);
      ({ id, code: batchCode } = found);
    } else {
      [id, batchCode] = [inserted, code];
    }
  }
  if (context.qcPending) await repository.markQcRequired(tx, 'batch', [id]);
  return {
    batch: { id, code: batchCode },
    serials: [],
    lines: [
      {
        itemId: order.item_id,
        batchId: id,
        serialId: null,
        binLocationId: context.binLocationId,
        onHandDelta: context.quantity,
        qcPendingDelta: context.qcPending ? context.quantity : 0,
      },
    ],
  };
}

async function resolveSerials(tx: Tx, context: UnitsContext, request: UnitsRequest): Promise<ReceiptUnits> {
  const { order } = context;
  if (request.serials.length === 0) throw unprocessable('serialRequired', { item: order.item_code });
  if (context.quantity !== request.serials.length * quantityScale) {
    throw badRequest('invalidInput', {
      fields: [{ field: 'body.serials', message: 'one serial per unit: as many serials as the quantity' }],
    });
  }
  const keys = new Map<string, string>();
  for (const serial of request.serials) {
    const key = paddedCodeKey(serial);
    if (keys.has(key)) throw unprocessable('serialAlreadyExists', { serial, item: order.item_code });
    keys.set(key, serial);
  }
  const existing = await repository.findSerials(tx, order.item_id, [...keys.keys()]);
  if (existing[0]) throw unprocessable('serialAlreadyExists', { serial: existing[0].code, item: order.item_code });
  checkNewUnitDates(order, request);
  const serials: { id: number; code: string }[] = [];
  for (const [key, code] of keys) {
    const id = await repository.insertSerial(tx, {
      itemId: order.item_id,
      code,
      codeKey: key,
      admissionDate: context.today,
      manufacturingDate: request.manufacturingDate,
      expirationDate: request.expirationDate,
      qcApproved: !context.qcPending,
    });
    // A concurrent receipt created it first.
    if (id === undefined) throw unprocessable('serialAlreadyExists', { serial: code, item: order.item_code });
    serials.push({ id, code });
  }
  return {
    batch: null,
    serials,
    lines: serials.map((serial) => ({
      itemId: order.item_id,
      batchId: null,
      serialId: serial.id,
      binLocationId: context.binLocationId,
      onHandDelta: quantityScale,
      qcPendingDelta: context.qcPending ? quantityScale : 0,
    })),
  };
}

/** The units of the receipt and its stock movement lines (see the module comment). */
export function resolveReceiptUnits(tx: Tx, context: UnitsContext, request: UnitsRequest): Promise<ReceiptUnits> {
  const { order } = context;
  if (order.managed_by === 'BATCH_NUMBER') return resolveBatch(tx, context, request);
  if (order.managed_by === 'SERIAL_NUMBER' && order.serial_managed_by_dispatch !== 1) {
    return resolveSerials(tx, context, request);
  }
  return Promise.resolve({
    batch: null,
    serials: [],
    lines: [
      {
        itemId: order.item_id,
        batchId: null,
        serialId: null,
        binLocationId: context.binLocationId,
        onHandDelta: context.quantity,
        qcPendingDelta: context.qcPending ? context.quantity : 0,
      },
    ],
  });
}
