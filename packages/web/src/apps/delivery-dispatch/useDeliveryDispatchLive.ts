import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from '../../platform/live.js';
import { deliveryDispatchKey } from './delivery-dispatch-api.js';

/** The live area of deliveries (topics.documents), as the server publishes it. */
const deliveryLiveArea = 'delivery';

/**
 * Keeps the not-dispatched list fresh: any DOCUMENT_CHANGED on topics.documents('delivery') (a
 * delivery made, loaded, dispatched or cancelled anywhere) refetches it, and so does a reconnect.
 */
export function useDeliveryDispatchLive(): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () => queryClient.invalidateQueries({ queryKey: deliveryDispatchKey });
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(deliveryLiveArea), (body) => {
      if (parseLiveMessage(body)?.what === 'DOCUMENT_CHANGED') void refetch.current();
    });
  }, [connection]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch.current();
    wasConnected.current = connected;
  }, [connected]);
}
