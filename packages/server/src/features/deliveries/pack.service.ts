import {
  fromThousandths,
  toThousandths,
  type PackOpenAnswer,
  type PackVerification,
  type PackView,
  type PickListStatus,
  type packOpenQuerySchema,
  type packStartRequestSchema,
  type packVerifyRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { syncRecountingCounter } from '../counting/recount-requests.js';
import { flushPickListForPacking } from '../pick-lists/pick-list-flush.js';
import {
  bumpVersion,
  setPacked,
  addToLineProgress,
  insertPickEntries,
  changeReleasedQuantity,
  findPickListByCode,
  type PickListHead,
} from '../pick-lists/pick-list-delivery.service.js';
import { lockedPickList } from '../pick-lists/pick-list-view.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { afterDeliveryCommit } from './delivery-live.js';
import * as repository from './pack.repository.js';
import { differencesOf, loadPackView, packState, toDifference, type VerifiedContent } from './pack-view.js';
import { raiseRecountRequests } from './recount-requests.js';

/**
 * Packing (PROCESSES.md 3.7 "Pack"; docs/decisions/0185-pack-and-delivery.md). A PICKED list
 * not packed is packed: its containers' contents verified by the setting
 * delivery.packVerification (NONE: trusted; COUNT: a count per content row replaces the last;
 * SCAN_ALL: every unit scanned adds one), repacked between containers (pack-repack.ts), the
 * containers closed (the pick list routes' close), then finish sets packed.
 *
 * A difference (a row verified short at finish) is 422 packingDifference and raises, committed
 * in the same call, one RECOUNT_REQUEST per difference (not again on a repeated finish). Packing
 * goes on either by verifying again (the missing units found) or by acceptDifference: the missing
 * units leave the container as a COUNT_ADJUSTMENT (document: the pick list), the pick lines'
 * picked quantity goes down and their short quantity up (reason STOCKOUT unless one is set), and
 * the sales order lines' released quantity goes down: the units stay a backorder on the order.
 */

type StartBody = z.output<typeof packStartRequestSchema>;
type VerifyBody = z.output<typeof packVerifyRequestSchema>;
type OpenQuery = z.output<typeof packOpenQuerySchema>;

/** The setting delivery.packVerification (read before any transaction: SQLite has one connection). */
export async function packVerificationOf(ctx: AppContext): Promise<PackVerification> {
  return (await ctx.settings.settings()).delivery.packVerification;
}

/** 422 picklistNotInStatus {status} unless the list is PICKED and not packed. */
export function assertPackable(head: PickListHead): void {
  if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
  if (head.packed === 1) throw unprocessable('picklistNotInStatus', { status: head.status, packed: true });
}

/** GET pack/open: PICKED (and PARTLY_PICKED, flagged) lists not packed. */
export async function listOpenForPacking(ctx: AppContext, query: OpenQuery): Promise<PackOpenAnswer> {
  const { rows, total } = await repository.listsWaitingForPacking(ctx.db, query);
  return {
    total,
    rows: rows.map((r) => ({
      code: r.code,
      status: r.status as PickListStatus,
      version: r.version,
      partlyPicked: r.status === 'PARTLY_PICKED',
      warehouse: r.warehouse,
      customer: r.customer_code === null ? null : { code: r.customer_code, name: r.customer_name ?? r.customer_code },
      shipDate: r.ship_date,
      route: r.route,
      priority: r.priority,
      containers: Number(r.containers ?? 0),
      lines: Number(r.lines ?? 0),
      createdAt: r.created_at,
    })),
  };
}

/** The pick list code a scan names: a list code, or one of its containers' codes. */
async function resolveScan(ctx: AppContext, scan: string): Promise<string> {
  const list = await findPickListByCode(ctx.db, scan);
  if (list) return list.code;
  const container = await repository.pickListCodeOfContainer(ctx.db, scan);
  if (container?.pick_list_code) return container.pick_list_code;
  throw unprocessable('unknownPicklistOrContainer', { scan });
}

/**
 * POST pack/start {scan, confirmFlush}: the PackView of the list scanned. A PARTLY_PICKED list is
 * 422 picklistNotFullyPicked {status} unless confirmFlush: then it is flushed first (lines short
 * or open without a reason get STOCKOUT; the packer need not hold the pick claim). RELEASED,
 * CLOSED, UNKNOWN or packed lists: 422 picklistNotInStatus {status}. A list whose put wall has
 * started is sorted there: 422 picklistOnPutWall {picklist}.
 */
export async function startPacking(ctx: AppContext, caller: Principal, body: StartBody): Promise<PackView> {
  const mode = await packVerificationOf(ctx);
  const code = await resolveScan(ctx, body.scan);
  const { view, flushed } = await ctx.db.transaction().execute(async (tx) => {
    let head = await lockedPickList(tx, code);
    if (await repository.isOnPutWall(tx, head.id)) throw unprocessable('picklistOnPutWall', { picklist: head.code });
    let flushed = false;
    if (head.status === 'PARTLY_PICKED') {
      if (!body.confirmFlush) throw unprocessable('picklistNotFullyPicked', { status: head.status });
      const { flush } = await flushPickListForPacking(tx, ctx, caller, code, 'STOCKOUT');
      if (flush.key !== null) throw unprocessable('picklistNotFullyPicked', { status: head.status });
      head = await lockedPickList(tx, code);
      flushed = true;
    }
    assertPackable(head);
    return { view: await loadPackView(tx, code, mode), flushed };
  });
  if (flushed) await afterDeliveryCommit(ctx, [view.pickList.code], []);
  return view;
}

/** GET pack/{code}: the PackView as it is. */
export async function packView(ctx: AppContext, code: string): Promise<PackView> {
  return loadPackView(ctx.db, code, await packVerificationOf(ctx));
}

/** Whether the key was used already (the call is then answered without change), else records it. */
async function firstUse(tx: Tx, key: string, head: PickListHead, kind: string, caller: Principal): Promise<boolean> {
  if (await repository.findPackRequest(tx, key)) return false;
  await repository.insertPackRequest(tx, { key, pickListId: head.id, kind, username: caller.username, at: nowIso() });
  return true;
}

/** The content rows of a container of the list matching the scan (422 wrongItemScanned when none). */
export function matchingRows(
  rows: readonly VerifiedContent[],
  head: PickListHead,
  scan: { container: string; item: string; batch?: string | null | undefined; serial?: string | null | undefined },
): VerifiedContent[] {
  const lower = (value: string | null | undefined) => value?.toLowerCase() ?? null;
  const inContainer = rows.filter((r) => r.container.code.toLowerCase() === scan.container.toLowerCase());
  const matching = inContainer.filter(
    (r) =>
      r.item_code.toLowerCase() === scan.item.toLowerCase() &&
      (scan.batch == null || lower(r.batch_code) === lower(scan.batch)) &&
      (scan.serial == null || lower(r.serial_code) === lower(scan.serial)),
  );
  if (matching.length === 0) {
    throw unprocessable('wrongItemScanned', {
      item: scan.item,
      container: scan.container,
      picklist: head.code,
    });
  }
  return matching;
}

/** 422 unknownLocation / containerBelongsToOtherPicklist for a container that is not the list's. */
async function assertContainerOfList(tx: Tx, head: PickListHead, code: string): Promise<void> {
  const container = await repository.pickListCodeOfContainer(tx, code);
  if (!container) throw unprocessable('unknownLocation', { code });
  if (container.pick_list_code?.toLowerCase() !== head.code.toLowerCase()) {
    throw unprocessable('containerBelongsToOtherPicklist', {
      container: container.code,
      picklist: container.pick_list_code,
    });
  }
}

/**
 * POST pack/{code}/verify. COUNT: the counted quantity of one content row (replaces the count
 * before; a batch-less scan of an item held in several batches counts the first). SCAN_ALL: one
 * unit (quantity 1, or the serial) adds to the row with units left. 422 nothingToVerify with
 * NONE; qtyTooLarge {max} above what the row holds; wrongItemScanned for an item not in the
 * container. A replayed key answers the view and adds nothing.
 */
export async function verifyPacking(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: VerifyBody,
): Promise<PackView> {
  const mode = await packVerificationOf(ctx);
  if (mode === 'NONE') throw unprocessable('nothingToVerify');
  return ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (await repository.findPackRequest(tx, body.idempotencyKey)) return loadPackView(tx, head.code, mode);
    assertPackable(head);
    await assertContainerOfList(tx, head, body.container);
    const { rows } = await packState(tx, head.id);
    const matching = matchingRows(rows, head, body);
    // SCAN_ALL: every scan is one unit (a serial's, or one of the item), whatever quantity is sent.
    const quantity = toThousandths(mode === 'SCAN_ALL' ? 1 : body.quantity);
    let row: VerifiedContent;
    let next: number;
    if (mode === 'COUNT') {
      row = matching[0]!;
      next = quantity;
    } else {
      row = matching.find((r) => r.verified + quantity <= r.onHand) ?? matching[0]!;
      next = row.verified + quantity;
    }
    if (next > row.onHand) {
      throw unprocessable('qtyTooLarge', {
        max: fromThousandths(mode === 'COUNT' ? row.onHand : Math.max(0, row.onHand - row.verified)),
      });
    }
    await firstUse(tx, body.idempotencyKey, head, 'VERIFY', caller);
    await repository.changeVerified(
      tx,
      {
        pickListId: head.id,
        containerId: row.container.id,
        itemId: row.itemId,
        batchId: row.batchId,
        serialId: row.serialId,
      },
      next,
      'SET',
      nowIso(),
    );
    return loadPackView(tx, head.code, mode);
  });
}

/**
 * POST pack/{code}/finish {version}. 412 on a stale version; 422 picklistNotInStatus unless
 * PICKED and not packed; 422 containerNotClosed {container} while a container holding goods is
 * OPEN; with COUNT or SCAN_ALL, 422 packingDifference {container, item, batch, serial, missing}
 * for the first row verified short, after committing a RECOUNT_REQUEST per new difference. Else
 * the list is packed (its version raised) and the PackView answered.
 */
export async function finishPacking(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: { version: number },
): Promise<PackView> {
  const mode = await packVerificationOf(ctx);
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (head.version !== body.version) throw preconditionFailed({ currentVersion: head.version });
    assertPackable(head);
    const { containers, rows } = await packState(tx, head.id);
    const open = containers.find((c) => c.status === 'OPEN' && rows.some((r) => r.container.id === c.id));
    if (open) throw unprocessable('containerNotClosed', { container: open.code });
    const differences = differencesOf(rows, mode);
    if (differences.length > 0) {
      await raiseRecountRequests(tx, head, differences, caller.username);
      return { difference: toDifference(differences[0]!), code: head.code };
    }
    const at = nowIso();
    await setPacked(tx, head.id, true);
    await bumpVersion(tx, head, body.version, at);
    return { view: await loadPackView(tx, head.code, mode), code: head.code };
  });
  await afterDeliveryCommit(ctx, [outcome.code], []);
  if (outcome.difference) await syncRecountingCounter(ctx);
  if (outcome.difference) throw unprocessable('packingDifference', { ...outcome.difference });
  return outcome.view;
}

/** Takes `missing` units of a content row off the pick lines behind it (entries, picked, released). */
async function takeOffPickLines(
  tx: Tx,
  row: VerifiedContent,
  missing: number,
  caller: Principal,
  key: string,
  at: string,
): Promise<void> {
  let rest = missing;
  for (const source of await repository.picksBehind(tx, row.container.id, row)) {
    if (rest <= 0) break;
    const take = Math.min(rest, source.quantity);
    rest -= take;
    await insertPickEntries(tx, [
      {
        documentLineId: source.document_line_id,
        documentId: source.document_id,
        itemId: row.itemId,
        batchId: row.batchId,
        serialId: row.serialId,
        binLocationId: source.from_bin_location_id,
        containerId: row.container.id,
        quantity: -take,
        userId: caller.userId,
        username: caller.username,
        at,
        idempotencyKey: key,
      },
    ]);
    if (!(await addToLineProgress(tx, source.document_line_id, { picked: -take, short: take }))) {
      throw new Error(`pick line ${source.document_line_id} changed during acceptDifference`);
    }
    await repository.defaultShortReason(tx, source.document_line_id, 'STOCKOUT');
    if (source.source_line_id !== null && !(await changeReleasedQuantity(tx, source.source_line_id, -take))) {
      throw new Error(`released quantity of sales order line ${source.source_line_id} out of range`);
    }
  }
}

/**
 * POST pack/{code}/acceptDifference {idempotencyKey}: confirms every row verified short. The
 * missing units leave the containers (COUNT_ADJUSTMENT, document the pick list), the pick lines
 * and sales order lines follow (see the file's comment), the differences are marked accepted;
 * finish can then succeed. 422 noPackingDifference when nothing is short; a replay answers the view.
 */
export async function acceptPackingDifference(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: { idempotencyKey: string },
): Promise<PackView> {
  const mode = await packVerificationOf(ctx);
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (await repository.findPackRequest(tx, body.idempotencyKey)) return loadPackView(tx, head.code, mode);
    assertPackable(head);
    const { rows } = await packState(tx, head.id);
    const differences = differencesOf(rows, mode);
    if (differences.length === 0) throw unprocessable('noPackingDifference');
    await firstUse(tx, body.idempotencyKey, head, 'ACCEPT_DIFFERENCE', caller);
    const at = nowIso();
    await applyStockMovement(tx, ctx, {
      type: 'COUNT_ADJUSTMENT',
      idempotencyKey: body.idempotencyKey,
      documentRef: { type: 'PICK_LIST', code: head.code },
      user: { userId: caller.userId, username: caller.username },
      lines: differences.map((row) => {
        const missing = row.onHand - row.verified;
        return {
          itemId: row.itemId,
          batchId: row.batchId,
          serialId: row.serialId,
          binLocationId: row.bin_location_id,
          onHandDelta: -missing,
          pickDelta: -Math.min(missing, row.pick),
        };
      }),
    });
    for (const row of differences) {
      await takeOffPickLines(tx, row, row.onHand - row.verified, caller, body.idempotencyKey, at);
    }
    await repository.acceptDifferences(tx, head.id, caller.username, at);
    return loadPackView(tx, head.code, mode);
  });
  await afterDeliveryCommit(ctx, [answer.pickList.code], []);
  return answer;
}
