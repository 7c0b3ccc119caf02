import { codeKey, topics, type CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';

/**
 * Live messages of pick lists (PROCESSES.md 0.6, 3.2; docs/decisions/0183-pick-lists.md):
 * DOCUMENT_CHANGED {type: PICK_LIST, code, status, version} on topics.documents('pick_list') after
 * every committed change of a list (the overview and the pickers' queues refetch; a promote
 * reorders them), and the /stock_picking and /pick_and_collect counters: the lists waiting for a
 * picker, RELEASED or PARTLY_PICKED and claimed by nobody. The counters are derived from the
 * documents, never counted up and down, so retries and races cannot make them drift.
 */
export const pickListArea = 'pick_list';
export const pickingCounterPaths: readonly CounterPath[] = ['/stock_picking', '/pick_and_collect'];
/** The statuses a picker can still take a list in. */
export const pickableStatuses = ['RELEASED', 'PARTLY_PICKED'] as const;

/** The unclaimed lists a picker may take (both counters show this number). */
export async function countUnclaimedPickLists(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('document as d')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', 'in', [...pickableStatuses])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('claim_object as co')
            .select('co.object_id')
            .where('co.object_type', '=', 'PICK_LIST')
            .whereRef('co.object_id', '=', 'd.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts and sets both counters (pushed to every connected client; re-sent on connect by the hub). */
export async function syncPickingCounters(ctx: AppContext): Promise<number> {
  const count = await countUnclaimedPickLists(ctx.db);
  for (const path of pickingCounterPaths) await ctx.live.setCounter(path, null, count);
  return count;
}

/** Per app: the count waiting to run after the one in flight (callers arriving meanwhile share it). */
const queued = new WeakMap<AppContext, Promise<void>>();
const inFlight = new WeakMap<AppContext, Promise<void>>();
/** The apps whose queued count includes the picking counters (a caller of it asked for them). */
const pickingCountersAsked = new WeakSet<AppContext>();

/**
 * Counts again after a commit: the picking counters (unless every caller of this count said they
 * cannot have moved: `listenersOnly`), then the listeners' (the /pack and /delivery counters...).
 * Picks and deliveries come fast (many per second): calls that arrive while a count runs share the
 * one count queued behind it, which starts after their commits, so every caller's change is
 * counted and the counters never lag. A failure is a warning: the change is committed.
 */
function recount(ctx: AppContext, listenersOnly = false): Promise<void> {
  if (!listenersOnly) pickingCountersAsked.add(ctx);
  const waiting = queued.get(ctx);
  if (waiting) return waiting;
  const before = inFlight.get(ctx) ?? Promise.resolve();
  const next = before.then(async () => {
    queued.delete(ctx);
    inFlight.set(ctx, next);
    const picking = pickingCountersAsked.delete(ctx);
    try {
      if (picking) await syncPickingCounters(ctx);
    } catch (error) {
      process.emitWarning(`/stock_picking counter not updated: ${String(error)}`);
    }
    try {
      for (const listener of pickListCommitListeners) await listener(ctx);
    } catch (error) {
      process.emitWarning(`a pick list listener failed: ${String(error)}`);
    } finally {
      if (inFlight.get(ctx) === next) inFlight.delete(ctx);
    }
  });
  queued.set(ctx, next);
  return next;
}

/** Code, status and version of the lists (those that exist). */
async function listHeads(db: DbOrTx, codes: readonly string[]) {
  const keys = [...new Set(codes.map(codeKey))];
  const heads: { code: string; status: string; version: number }[] = [];
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('document')
      .select(['code', 'status', 'version'])
      .where('type', '=', 'PICK_LIST')
      .where('code_lower', 'in', keys.slice(start, start + 500))
      .execute();
    heads.push(...rows);
  }
  return heads;
}

/**
 * After a commit that changed pick lists: publishes {code, status, version} of each on
 * topics.documents('pick_list') and refreshes the /stock_picking and /pick_and_collect counters
 * (unless `pickableUnchanged`: the commit moved lists only between statuses no picker takes, as a
 * delivery closing a PICKED list does) and the listeners' counters. Never throws (a live failure
 * must not fail the committed request).
 */
export async function afterPickListCommit(
  ctx: AppContext,
  codes: readonly string[],
  pickableUnchanged = false,
): Promise<void> {
  try {
    for (const head of await listHeads(ctx.db, codes)) {
      ctx.live.publish(topics.documents(pickListArea), 'DOCUMENT_CHANGED', {
        type: 'PICK_LIST',
        code: head.code,
        status: head.status,
        version: head.version,
      });
    }
  } catch (error) {
    process.emitWarning(`pick list change not published: ${String(error)}`);
  }
  await recount(ctx, pickableUnchanged);
}

/**
 * After a committed pick: publishes the list's {code, status, version} as the pick's transaction
 * left them (not read again), and counts again only when the list became PICKED. A pick is made
 * by the list's claimant, so the /stock_picking and /pick_and_collect counters (unclaimed lists)
 * never move with it; of the listeners' counters only /pack's (PICKED lists) does, when the list
 * becomes PICKED. Never throws.
 */
export async function afterPickCommit(
  ctx: AppContext,
  head: { code: string; status: string; version: number },
  becamePicked: boolean,
): Promise<void> {
  try {
    ctx.live.publish(topics.documents(pickListArea), 'DOCUMENT_CHANGED', { type: 'PICK_LIST', ...head });
  } catch (error) {
    process.emitWarning(`pick list change not published: ${String(error)}`);
  }
  if (becamePicked) await recount(ctx, true);
}

/**
 * Others whose state follows the pick lists (the /pack and /delivery counters of
 * features/deliveries) register here at route registration; each runs after every committed
 * change of lists and must not throw.
 */
export const pickListCommitListeners = new Set<(ctx: AppContext) => Promise<void>>();
