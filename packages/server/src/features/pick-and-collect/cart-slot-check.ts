import type { DbOrTx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { cartSlotOfList } from './cart-slots.repository.js';

/**
 * A pick of a list that is on a cart goes into its slot's container only (decision 0184): the put
 * is confirmed by scanning that container. Another container, or none scanned into the slot yet,
 * is 422 wrongSlotScanned {expected: slot} and nothing moves.
 */
export async function assertCartSlotContainer(tx: DbOrTx, pickListId: number, containerCode: string): Promise<void> {
  const slot = await cartSlotOfList(tx, pickListId);
  if (!slot) return;
  if (slot.container_code_lower !== containerCode.toLowerCase()) {
    throw unprocessable('wrongSlotScanned', { expected: slot.slot });
  }
}
