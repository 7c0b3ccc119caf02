import type { PickList } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../util/time.js';
import { afterPickListCommit } from './pick-list-live.js';
import {
  assertPickListStatus,
  bumpVersion,
  maxOpenPriority,
  setListPlanning,
} from './pick-list-overview.repository.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';

/**
 * POST {code}/promote (PROCESSES.md 3.2): a RELEASED or PARTLY_PICKED list goes to the top of its
 * warehouse's queue: priority = the highest priority among the warehouse's open lists + 1 (a list
 * alone at the top keeps its priority). The version rises; the pickers' queues reorder live on the
 * DOCUMENT_CHANGED that follows the commit. 404 unknownDocument; 422 picklistNotInStatus {status}.
 */
export async function promotePickList(ctx: AppContext, code: string): Promise<PickList> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    assertPickListStatus(head, ['RELEASED', 'PARTLY_PICKED']);
    const top = await maxOpenPriority(tx, head.warehouse_id, head.id);
    const priority = Math.max(head.priority, top + 1);
    await setListPlanning(tx, head.id, { priority });
    await bumpVersion(tx, head, head.version, nowIso());
    return loadPickListView(tx, head.code);
  });
  await afterPickListCommit(ctx, [answer.code]);
  return answer;
}
