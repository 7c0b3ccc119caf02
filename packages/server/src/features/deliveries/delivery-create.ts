import { type Delivery, type DeliveryCreateAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertAddressDeliverable } from '../address-validation/address-gate.js';
import { changeStatus } from '../documents/document-status.js';
import { lockedPickList } from '../pick-lists/pick-list-view.js';
import { containersOfList, type PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import type { StockDeps } from '../stock/stock.service.js';
import * as repository from './deliveries.repository.js';
import { afterDeliveryCommit } from './delivery-live.js';
import { loadDeliveriesByIds } from './delivery-view.js';
import { issueDelivery } from './delivery-issue.js';
import { contentsOf } from './pack.repository.js';

/**
 * Delivery creation (PROCESSES.md 3.7 "Delivery"; docs/decisions/0185-pack-and-delivery.md), in
 * ONE transaction:
 *
 * 1. The list is locked and must be PICKED (422 picklistNotInStatus {status}) and packed (422
 *    picklistNotPacked); the address gate (features/address-validation) runs before anything
 *    moves (422 addressNotValidated). A container still OPEN with goods: 422 containerNotClosed.
 * 2. One DELIVERY document per pick list and ship-to (a list has one ship-to) issuing every
 *    container's content (issueDelivery, delivery-issue.ts: the document, its lines, ONE stock
 *    movement DELIVERY whose ledger rows goods returns read as delivered, the sales order lines
 *    lowered, the containers DELIVERED, DELIVERY_CREATED queued for the ERP).
 * 3. The list is CLOSED; the idempotency key is recorded with the deliveries made.
 *
 * A replayed key answers the deliveries it made and creates nothing; of two concurrent calls for
 * one list (different keys) the second finds it CLOSED. DOCUMENT_CHANGED (pick list, delivery) and
 * the counters follow the commit.
 */
export async function createDeliveryInTransaction(
  tx: Tx,
  deps: StockDeps,
  caller: Pick<Principal, 'userId' | 'username'>,
  head: PickListHead,
  key: string,
): Promise<number[]> {
  if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
  if (head.packed !== 1) throw unprocessable('picklistNotPacked', { picklist: head.code });
  await assertAddressDeliverable(tx, head.id);

  const containers = (await containersOfList(tx, head.id)).filter((c) => c.status === 'OPEN' || c.status === 'CLOSED');
  const contents = await contentsOf(
    tx,
    containers.map((c) => c.bin_location_id),
  );
  const open = containers.find(
    (c) => c.status === 'OPEN' && contents.some((r) => r.bin_location_id === c.bin_location_id),
  );
  if (open) throw unprocessable('containerNotClosed', { container: open.code });
  if (contents.length === 0) throw unprocessable('nothingToCreate');
  const delivered = containers.filter((c) => contents.some((r) => r.bin_location_id === c.bin_location_id));
  const id = await issueDelivery(tx, deps, caller, head, {
    containers: delivered,
    contents,
    shipTo: head.ship_to_address,
    movementKey: key,
  });
  await changeStatus(tx, { documentId: head.id, to: 'CLOSED' });
  await repository.insertDeliveryRequest(tx, { key, pickListId: head.id, deliveryIds: [id], at: nowIso() });
  return [id];
}

/** POST delivery/create {idempotencyKey, pickList} (see the file's comment). */
export async function createDelivery(
  ctx: AppContext,
  caller: Principal,
  body: { idempotencyKey: string; pickList: string },
): Promise<DeliveryCreateAnswer> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, body.pickList);
    const earlier = await repository.findDeliveryRequest(tx, body.idempotencyKey);
    if (earlier) {
      const ids = JSON.parse(earlier.delivery_ids) as number[];
      return { replayed: true, deliveries: await loadDeliveriesByIds(tx, ids), list: head.code };
    }
    const ids = await createDeliveryInTransaction(tx, ctx, caller, head, body.idempotencyKey);
    return { replayed: false, deliveries: await loadDeliveriesByIds(tx, ids), list: head.code };
  });
  if (!outcome.replayed) await afterDeliveryCommit(ctx, [outcome.list], outcome.deliveries, true);
  return { deliveries: outcome.deliveries satisfies Delivery[], replayed: outcome.replayed };
}
