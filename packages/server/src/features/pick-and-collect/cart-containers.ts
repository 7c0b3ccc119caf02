import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { containerForPick } from '../pick-lists/shipping-containers.js';
import type { SlotRow } from './cart-slots.repository.js';

/**
 * The container scanned into a slot: the slot's list's OPEN container of that code, or a new tote
 * opened for the list (the pick endpoint's rules: another list's container, a closed one refused).
 */
export async function containerForSlot(
  tx: DbOrTx,
  ctx: AppContext,
  caller: Principal,
  slot: SlotRow,
  code: string,
): Promise<number> {
  const container = await containerForPick(
    tx,
    ctx,
    { id: slot.pick_list_id, code: slot.pick_list_code, warehouseId: slot.warehouse_id },
    { code, type: 'TOTE' },
    caller.username,
  );
  return container.id;
}
