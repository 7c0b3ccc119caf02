import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from './live.js';

/**
 * Keeps an area's reads fresh without polling: a DOCUMENT_CHANGED on topics.documents(area)
 * invalidates the query keys given; so does a reconnect (messages sent meanwhile are lost).
 */
export function useDocumentsLive(area: string, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(area), (body) => {
      if (parseLiveMessage(body)?.what === 'DOCUMENT_CHANGED') void refetch.current();
    });
  }, [connection, area]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch.current();
    wasConnected.current = connected;
  }, [connected]);
}
