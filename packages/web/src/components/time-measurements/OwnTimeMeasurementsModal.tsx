import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkTimeEntry } from '@wms/contract';
import { useMemo, useState } from 'react';
import { ApiError } from '../../platform/http.js';
import { runningEntries, stopWorkTime, workTimesFilter, workTimesQuery } from './time-measurement-queries.js';
import { TimeMeasurementsModal } from './TimeMeasurementsModal.js';

/**
 * The time measurements modal of the user dropdown: the signed-in user's
 * running timers, each with its Stop button. Read when it opens (the work confirmation screen
 * owns the /topic/production/timer subscription; a second one on the same topic would throw).
 */
export function OwnTimeMeasurementsModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const entries = useQuery({ ...workTimesQuery('own'), refetchOnMount: 'always' }).data;
  const running = useMemo(() => runningEntries(entries ?? []), [entries]);
  const [busy, setBusy] = useState(false);

  const stop = async (entry: WorkTimeEntry) => {
    setBusy(true);
    try {
      await stopWorkTime(entry.id);
    } catch (error) {
      // The HTTP client has shown the server's error.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries(workTimesFilter);
    }
  };

  return (
    <TimeMeasurementsModal
      running={running}
      showUser={false}
      busy={busy}
      onStop={(entry) => void stop(entry)}
      onClose={onClose}
    />
  );
}
