import { useQueryClient } from '@tanstack/react-query';
import type { WorkTimeEntry, WorkTimeFlushAnswer, WorkTimeSaveRequest } from '@wms/contract';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { stopWorkTime, workTimesFilter } from '../../components/time-measurements/time-measurement-queries.js';
import { deleteWorkTime, flushWorkTimes, saveWorkTime } from './work-time-api.js';

/** Runs a call; an ApiError (already notified by the HTTP client) answers null. */
async function quietly<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * The work time writes of both screens, each refreshing the tables afterwards. A flush with
 * failures shows operationCompletedWithErrors; the failed rows turn red
 * from their stored error.
 */
export function useWorkTimeActions() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        return await quietly(call);
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries(workTimesFilter);
      }
    },
    [queryClient],
  );

  const flush = useCallback(
    (ids: readonly number[]) =>
      run(async (): Promise<WorkTimeFlushAnswer> => {
        const answer = await flushWorkTimes(ids);
        if (answer.failed.length > 0) notify('danger', 'errors:operationCompletedWithErrors');
        else notify('success', 'production:flushed', { count: answer.flushed.length });
        return answer;
      }),
    [run],
  );

  return useMemo(
    () => ({
      busy,
      save: (request: WorkTimeSaveRequest) => run(() => saveWorkTime(request)),
      stop: (id: number) => run(() => stopWorkTime(id)),
      remove: (id: number) => run(() => deleteWorkTime(id)),
      flush,
      /** The user view's save of a running entry: save, stop, then flush it. */
      saveStopAndFlush: (request: WorkTimeSaveRequest) =>
        run(async (): Promise<WorkTimeEntry> => {
          const saved = await saveWorkTime(request);
          const stopped = saved.endTime === null ? await stopWorkTime(saved.id) : saved;
          const answer = await flushWorkTimes([stopped.id]);
          if (answer.failed.length > 0) notify('danger', 'errors:operationCompletedWithErrors');
          else notify('success', 'production:flushed', { count: 1 });
          return stopped;
        }),
    }),
    [busy, run, flush],
  );
}
