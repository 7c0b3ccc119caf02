import { topics, userTaskCounterPath, type AnyLiveMessage } from '@wms/contract';
import type { AppContext } from '../../context.js';
import * as repository from './user-tasks.repository.js';

/**
 * The /my_user_tasks counter of a user is derived, never incremented: the number of active tasks
 * the user sees (assigned, unfinished, not claimed by someone else). It is set after every
 * change for the users it concerns, and again whenever a client subscribes to
 * topics.userTasks() (every signed-in web client does, right after its counters), so a client
 * that reconnects, a server that restarted between a commit and the counter update, or demo
 * data seeded without counters all show the right number. No sweep over all users at start.
 */
export async function syncTaskCounters(ctx: AppContext, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  const counts = await repository.countVisibleActiveTasks(ctx.db, ids);
  for (const id of ids) await ctx.live.setCounter(userTaskCounterPath, id, counts.get(id) ?? 0);
}

/** After a commit: a failing counter update must not turn a done change into an error answer. */
export async function syncTaskCountersAfterCommit(ctx: AppContext, userIds: Iterable<number>): Promise<void> {
  await syncTaskCounters(ctx, userIds).catch((error: unknown) =>
    process.emitWarning(`${userTaskCounterPath} counters not updated: ${String(error)}`),
  );
}

/** A new subscription of the user's task queue gets USER_TASKS_COUNTER first (and the stored counter is corrected). */
export function registerTaskCounterOnSubscribe(ctx: AppContext): void {
  ctx.live.onSubscribe(topics.userTasks(), async (subscriber): Promise<AnyLiveMessage[]> => {
    if (!subscriber) return [];
    const count = (await repository.countVisibleActiveTasks(ctx.db, [subscriber.userId])).get(subscriber.userId) ?? 0;
    await ctx.live.setCounter(userTaskCounterPath, subscriber.userId, count);
    return [{ what: 'USER_TASKS_COUNTER', payload: { count } }];
  });
}
