import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from '../../platform/live.js';
import { addressValidationKey } from './address-validation-api.js';

/** The live area of address validation (topics.documents), as the server publishes it. */
export const addressLiveArea = 'address';

/**
 * Keeps the list fresh without polling: a DOCUMENT_CHANGED on topics.documents('address')
 * refetches every address validation read; so does a reconnect (messages sent meanwhile are lost).
 */
export function useAddressValidationLive(): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () => queryClient.invalidateQueries({ queryKey: addressValidationKey });
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(addressLiveArea), (body) => {
      if (parseLiveMessage(body)?.what === 'DOCUMENT_CHANGED') void refetch.current();
    });
  }, [connection]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch.current();
    wasConnected.current = connected;
  }, [connected]);
}
