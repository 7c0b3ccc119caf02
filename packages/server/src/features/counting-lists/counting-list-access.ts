import type { CountingListLocationState, CountingListSummary } from '@wms/contract';
import { countingListLocationStates } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { findClaimHolders } from '../claims/claims.service.js';
import { listRoundOf } from './counting-list-rounds.js';
import * as repository from './counting-lists.repository.js';

/** What every counting-list call shares (decision 0192): the operation mode, finding a list, its summary. */

/** 422 countingListsNeedBatchingMode unless the operation mode is WALL_TO_WALL_BATCHING_MODE. */
export async function requireBatchingMode(ctx: AppContext): Promise<void> {
  if ((await ctx.settings.settings()).operationMode !== 'WALL_TO_WALL_BATCHING_MODE') {
    throw unprocessable('countingListsNeedBatchingMode');
  }
}

/** The list by code, or 404 unknownDocument {type, code}. */
export async function findListOrThrow(db: DbOrTx, code: string): Promise<repository.ListRow> {
  const list = await repository.findList(db, code);
  if (!list) throw notFound('unknownDocument', { type: 'COUNTING_LIST', code });
  return list;
}

/** 422 countingListNotInProgress {list, status} unless the list is in one of the statuses. */
export function assertStatus(list: repository.ListRow, statuses: readonly string[]): void {
  if (!statuses.includes(list.status)) {
    throw unprocessable('countingListNotInProgress', { list: list.code, status: list.status });
  }
}

export const countingStatuses = ['IN_PROGRESS', 'SECOND_COUNT'] as const;

/** The lists' summaries (progress per state, round, claimant), in the order given. */
export async function summariesOf(db: DbOrTx, lists: readonly repository.ListRow[]): Promise<CountingListSummary[]> {
  const ids = lists.map((l) => l.id);
  const counts = await repository.stateCounts(db, ids);
  const holders = await findClaimHolders(
    db,
    ids.map((id) => ({ type: 'COUNTING_LIST' as const, id })),
  );
  return lists.map((list) => {
    const progress = Object.fromEntries(countingListLocationStates.map((s) => [s, 0])) as Record<
      CountingListLocationState,
      number
    >;
    for (const row of counts.filter((c) => c.document_id === list.id)) {
      progress[row.state as CountingListLocationState] = Number(row.count);
    }
    const states = Object.entries(progress).flatMap(([state, n]) => (n > 0 ? [state] : []));
    return {
      code: list.code,
      status: list.status as CountingListSummary['status'],
      version: list.version,
      warehouse: list.warehouse,
      countingType: list.counting_type as CountingListSummary['countingType'],
      round: listRoundOf(states),
      claimedBy: holders.find((h) => h.id === list.id)?.username ?? null,
      locations: Object.values(progress).reduce((a, b) => a + b, 0),
      progress,
      createdAt: list.created_at,
    };
  });
}
