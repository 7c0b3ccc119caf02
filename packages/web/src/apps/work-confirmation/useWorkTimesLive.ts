import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from '../../platform/live.js';
import { workTimesFilter } from '../../components/time-measurements/time-measurement-queries.js';

/**
 * Keeps work time tables and timers fresh: subscribes to
 * /topic/production/timer while the screen is open and refetches on WORK_TIMES_CHANGED; after a
 * reconnect it refetches too, as messages sent meanwhile are lost.
 */
export function useWorkTimesLive(): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.productionTimer(), (body) => {
      if (parseLiveMessage(body)?.what === 'WORK_TIMES_CHANGED') {
        void queryClient.invalidateQueries(workTimesFilter);
      }
    });
  }, [connection, queryClient]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void queryClient.invalidateQueries(workTimesFilter);
    wasConnected.current = connected;
  }, [connected, queryClient]);
}
