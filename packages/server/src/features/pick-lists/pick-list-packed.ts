import type { PickList } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { afterPickListCommit } from './pick-list-live.js';
import {
  assertPickListStatus,
  bumpVersion,
  hasDeliveredContainer,
  setPacked,
} from './pick-list-overview.repository.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';

/**
 * POST {code}/markPacked and markUnpacked (PROCESSES.md 3.2): set or clear the packed flag of a
 * PICKED list (422 picklistNotInStatus {status} otherwise). Unpacking is refused once goods of
 * the list were delivered (a container DELIVERED or DISPATCHED or on a delivery): 422
 * alreadyDelivered. Setting the flag it has already is a no-op; a change raises the version.
 */
export async function setPickListPacked(ctx: AppContext, code: string, packed: boolean): Promise<PickList> {
  const { answer, changed } = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (!packed && (await hasDeliveredContainer(tx, head.id))) throw unprocessable('alreadyDelivered');
    assertPickListStatus(head, ['PICKED']);
    const changed = (head.packed === 1) !== packed;
    if (changed) {
      await setPacked(tx, head.id, packed);
      await bumpVersion(tx, head, head.version, nowIso());
    }
    return { answer: await loadPickListView(tx, head.code), changed };
  });
  if (changed) await afterPickListCommit(ctx, [answer.code]);
  return answer;
}
