import { topics } from '@wms/contract';
import type { AppContext } from '../../context.js';

/**
 * WORK_TIMES_CHANGED on /topic/production/timer: open work time tables and timers refetch.
 * Carries ids only (every signed-in user may subscribe to /topic/...). Call after the commit.
 */
export function publishWorkTimesChanged(ctx: AppContext, ids: readonly number[]): void {
  if (ids.length > 0) ctx.live.publish(topics.productionTimer(), 'WORK_TIMES_CHANGED', { ids: [...new Set(ids)] });
}
