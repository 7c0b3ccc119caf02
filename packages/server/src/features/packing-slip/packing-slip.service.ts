import type { PackingSlipFindAnswer, PackingSlipLogEntry, PackingSlipPrintKind, PrintAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { printContainerLabel } from '../pick-lists/shipping-container-label.js';
import { renderCarrierLabel } from './carrier-label-pdf.js';
import { findDeliveryOrThrow, loadPackingSlip } from './packing-slip-data.js';
import { renderPackingSlip } from './packing-slip-pdf.js';
import { pdfPrinterOrThrow, sendPdf } from './packing-slip-printing.js';
import { callerTexts } from './packing-slip-texts.js';
import * as repository from './packing-slip.repository.js';

/**
 * Packing slips (PROCESSES.md 3.9): the slip PDF of a DELIVERY, its printing and print log, the
 * delivery's container labels and carrier label, and the scan that finds a delivery from its own,
 * a pick list's or a container's code. Nothing here changes stock or documents; each download and
 * print writes one log row (who, when, PREVIEW | PRINT | REPRINT).
 */

const logLimit = 200;

async function log(
  ctx: AppContext,
  caller: Principal,
  delivery: { id: number; code: string },
  kind: PackingSlipPrintKind,
  printer: string | null,
): Promise<void> {
  await repository.insertPrintLog(ctx.db, {
    deliveryId: delivery.id,
    deliveryCode: delivery.code,
    kind,
    printer,
    userId: caller.userId,
    username: caller.username,
    at: nowIso(),
  });
}

/** GET delivery/{code}/packingSlip: the PDF (logged as PREVIEW). 404 unknownDocument. */
export async function packingSlipPdf(
  ctx: AppContext,
  caller: Principal,
  code: string,
): Promise<{ code: string; bytes: Buffer }> {
  const head = await findDeliveryOrThrow(ctx.db, code);
  const bytes = await renderPackingSlip(await loadPackingSlip(ctx.db, head), await callerTexts(ctx, caller));
  await log(ctx, caller, head, 'PREVIEW', null);
  return { code: head.code, bytes };
}

/** POST delivery/{code}/packingSlip/print: to the printer; the first print is PRINT, later ones REPRINT. */
export async function printPackingSlip(
  ctx: AppContext,
  caller: Principal,
  code: string,
  printerId: number | undefined,
): Promise<PrintAnswer> {
  const head = await findDeliveryOrThrow(ctx.db, code);
  const printer = await pdfPrinterOrThrow(ctx, caller, printerId);
  const bytes = await renderPackingSlip(await loadPackingSlip(ctx.db, head), await callerTexts(ctx, caller));
  const answer = await sendPdf(ctx, caller, printer, bytes);
  const kind = (await repository.wasPrinted(ctx.db, head.id)) ? 'REPRINT' : 'PRINT';
  await log(ctx, caller, head, kind, printer.name);
  return answer;
}

/** GET delivery/{code}/packingSlip/log: newest first. */
export async function packingSlipLog(ctx: AppContext, code: string): Promise<PackingSlipLogEntry[]> {
  const head = await findDeliveryOrThrow(ctx.db, code);
  const rows = await repository.printLogOf(ctx.db, head.id, logLimit);
  return rows.map((row) => ({
    at: row.at,
    username: row.username,
    kind: row.kind as PackingSlipPrintKind,
    printer: row.printer,
  }));
}

/** POST delivery/{code}/containerLabels/print: every container's label (the pick lists' container label). */
export async function printDeliveryContainerLabels(
  ctx: AppContext,
  caller: Principal,
  code: string,
  printerId: number | undefined,
): Promise<PrintAnswer> {
  if (printerId === undefined) throw unprocessable('noPrinterSelected');
  const head = await findDeliveryOrThrow(ctx.db, code);
  const containers = await repository.containersOfDelivery(ctx.db, head.id);
  let answer: PrintAnswer = { printed: 0, printer: '' };
  for (const container of containers) {
    const printed = await printContainerLabel(ctx, caller, container.code, printerId);
    answer = { printed: answer.printed + printed.printed, printer: printed.printer };
  }
  return answer;
}

/** GET delivery/{code}/carrierLabel: the carrier label PDF. */
export async function carrierLabelPdf(
  ctx: AppContext,
  caller: Principal,
  code: string,
): Promise<{ code: string; bytes: Buffer }> {
  const head = await findDeliveryOrThrow(ctx.db, code);
  const bytes = await renderCarrierLabel(await loadPackingSlip(ctx.db, head), await callerTexts(ctx, caller));
  return { code: head.code, bytes };
}

/**
 * GET packing_slip/find?scan=: a delivery code, else a pick list code, else a container code. A
 * pick list or container not delivered yet is 422 notDelivered {code}; nothing with the code 404
 * unknownDocument {type: DELIVERY, code}. A pick list split over several deliveries answers its newest.
 */
export async function findPackingSlip(ctx: AppContext, scan: string): Promise<PackingSlipFindAnswer> {
  const answer = async (deliveryCode: string, scanned: PackingSlipFindAnswer['scanned']) => {
    const head = await findDeliveryOrThrow(ctx.db, deliveryCode);
    const containers = await repository.containersOfDelivery(ctx.db, head.id);
    return {
      delivery: head.code,
      scanned,
      status: head.status,
      customer: head.customer_code,
      customerName: head.customer_name,
      containers: containers.length,
    };
  };
  const delivery = await repository.findDeliveryByCode(ctx.db, scan);
  if (delivery) return answer(delivery.code, 'DELIVERY');
  const ofList = await repository.deliveriesOfPickList(ctx.db, scan);
  if (ofList.length > 0) {
    const delivered = ofList.find((row) => row.delivery_code !== null);
    if (!delivered?.delivery_code) throw unprocessable('notDelivered', { code: ofList[0]?.pick_list_code ?? scan });
    return answer(delivered.delivery_code, 'PICK_LIST');
  }
  const container = await repository.findContainerDelivery(ctx.db, scan);
  if (container) {
    if (container.delivery_code === null) throw unprocessable('notDelivered', { code: container.code });
    return answer(container.delivery_code, 'CONTAINER');
  }
  throw notFound('unknownDocument', { type: 'DELIVERY', code: scan });
}
