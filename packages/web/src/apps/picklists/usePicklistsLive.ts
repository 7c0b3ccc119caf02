import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from '../../platform/live.js';
import { pickListsKey, planningKey } from './picklists-api.js';

/** The live area of pick lists (topics.documents), as the server publishes it. */
export const pickListLiveArea = 'pick_list';

/**
 * Keeps the overview fresh without polling: any DOCUMENT_CHANGED on topics.documents('pick_list')
 * refetches every pick list read (the page, expanded lines, broken lines) and the planning area.
 * After a reconnect it refetches too, as messages sent meanwhile are lost.
 */
export function usePicklistsLive(): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pickListsKey }),
      queryClient.invalidateQueries({ queryKey: planningKey }),
    ]);
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(pickListLiveArea), (body) => {
      if (parseLiveMessage(body)?.what === 'DOCUMENT_CHANGED') void refetch.current();
    });
  }, [connection]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch.current();
    wasConnected.current = connected;
  }, [connected]);
}
