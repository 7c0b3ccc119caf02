import { parseLiveMessage, topics, type LivePayload } from '@wms/contract';
import { useEffect, useState } from 'react';
import { useLiveConnection } from '../../platform/live.js';

export type ImportProgress = LivePayload<'IMPORT_PROGRESS'>;

/**
 * The latest IMPORT_PROGRESS of one import session on the user's own queue (the server sends
 * the read, the dry run and the commit as done of total rows); null until one arrives.
 * `resetKey` clears it (a new validation or commit starts at 0).
 */
export function useImportProgress(sessionId: string | null, resetKey: unknown): ImportProgress | null {
  const connection = useLiveConnection();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useEffect(() => setProgress(null), [sessionId, resetKey]);
  useEffect(() => {
    if (!connection || !sessionId) return;
    return connection.subscribe(topics.importProgress(), (body) => {
      const message = parseLiveMessage(body);
      if (message?.what === 'IMPORT_PROGRESS' && message.payload.sessionId === sessionId) setProgress(message.payload);
    });
  }, [connection, sessionId]);
  return progress;
}
