import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { assertAddressDeliverable } from '../address-validation/address-gate.js';
import * as deliveries from '../deliveries/delivery-put-wall.service.js';
import type { PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import type { StockDeps } from '../stock/stock.service.js';
import type { SlotRow } from './multi-address-delivery.repository.js';

/**
 * ONE DELIVERY for one put wall slot (decision 0188): the delivery issue of delivery creation
 * (decision 0185) limited to the slot's container and ship-to; each line names its slot. The list
 * stays open until its last slot is delivered (the caller closes it). Answers the document id.
 */
export async function deliverSlot(
  tx: Tx,
  deps: StockDeps,
  caller: Pick<Principal, 'userId' | 'username'>,
  head: PickListHead,
  slot: SlotRow,
  container: { id: number; code: string; binLocationId: number },
  key: string,
): Promise<number> {
  await assertAddressDeliverable(tx, head.id);
  const contents = await deliveries.contentsOf(tx, [container.binLocationId]);
  if (contents.length === 0) throw unprocessable('nothingToCreate');
  return deliveries.issueDelivery(tx, deps, caller, head, {
    containers: [{ id: container.id, code: container.code, bin_location_id: container.binLocationId }],
    contents,
    shipTo: slot.ship_to,
    movementKey: `${key}:delivery`,
    lineExtras: { putWallSlot: slot.slot },
  });
}
