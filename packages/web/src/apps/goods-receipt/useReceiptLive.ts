import { useQueryClient } from '@tanstack/react-query';
import { parseLiveMessage, sameCode, topics } from '@wms/contract';
import { useEffect, useRef } from 'react';
import { useLiveConnected, useLiveConnection } from '../../platform/live.js';
import { expectedKey, receiptDetailKey } from './receipt-api.js';

/** The live area of goods receipts (topics.documents). */
export const receiptLiveArea = 'goods_receipt';

/**
 * Keeps the open screen fresh: subscribes to the goods receipt document topic while it is open.
 * DOCUMENT_CHANGED of the open receipt (`code`) refetches it (another user's entry, a finish);
 * on the list (no code) any change refetches the expected documents. After a reconnect it
 * refetches too, as messages sent meanwhile are lost.
 */
export function useReceiptLive(code: string | null): void {
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const connected = useLiveConnected();
  const refetch = useRef(() => undefined as unknown);
  refetch.current = () =>
    queryClient.invalidateQueries({ queryKey: code === null ? expectedKey() : receiptDetailKey(code) });
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topics.documents(receiptLiveArea), (body) => {
      const message = parseLiveMessage(body);
      if (message?.what !== 'DOCUMENT_CHANGED') return;
      if (code === null || sameCode(message.payload.code, code)) void refetch.current();
    });
  }, [connection, code]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch.current();
    wasConnected.current = connected;
  }, [connected]);
}
