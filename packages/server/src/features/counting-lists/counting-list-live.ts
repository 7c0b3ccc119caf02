import { topics, type CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { syncCountingCounterAfterCommit } from '../bin-locations/bin-location-edits.service.js';
import { publishBinLocationsChanged } from '../items/item-live.js';
import { countOpenLists } from './counting-lists.repository.js';

/**
 * Live messages of counting lists (PROCESSES.md 0.6, 4.3; decision 0192): the /wall_to_wall_batch
 * counter (the open lists: CREATED, IN_PROGRESS, SECOND_COUNT, READY), set at start and after
 * every commit that changes a list's status, and DOCUMENT_CHANGED on
 * topics.documents('countingLists') so open overviews and the manager's progress view refresh.
 */
export const countingListsArea = 'countingLists';
const counterPath: CounterPath = '/wall_to_wall_batch';

export async function syncCountingListCounter(ctx: AppContext): Promise<void> {
  try {
    const { count } = await countOpenLists(ctx.db);
    await ctx.live.setCounter(counterPath, null, Number(count));
  } catch (error) {
    process.emitWarning(`/wall_to_wall_batch counter not updated: ${String(error)}`);
  }
}

/** After a commit: the lists changed, the locations whose stock or counting state changed; never throws. */
export async function afterCountingListCommit(
  ctx: AppContext,
  lists: readonly { code: string; status: string; version: number }[],
  changedLocations: readonly string[] = [],
): Promise<void> {
  try {
    for (const list of lists) {
      ctx.live.publish(topics.documents(countingListsArea), 'DOCUMENT_CHANGED', { type: 'COUNTING_LIST', ...list });
    }
    if (changedLocations.length > 0) publishBinLocationsChanged(ctx, changedLocations);
  } catch (error) {
    process.emitWarning(`counting list change not published: ${String(error)}`);
  }
  await syncCountingListCounter(ctx);
  if (changedLocations.length > 0) await syncCountingCounterAfterCommit(ctx);
}
