import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnection } from '../../platform/live.js';
import { openReturnsKey } from './returns-api.js';

/** The live area of returns (topics.documents), as the server publishes it. */
export const returnsLiveArea = 'goodsReturns';

/** Keeps the open returns list fresh: any DOCUMENT_CHANGED of a return refetches it. */
export function useReturnsLive(): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () => queryClient.invalidateQueries({ queryKey: openReturnsKey() });
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(returnsLiveArea), (body) => {
      if (parseLiveMessage(body)?.what === 'DOCUMENT_CHANGED') void refetch.current();
    });
  }, [connection]);
}
