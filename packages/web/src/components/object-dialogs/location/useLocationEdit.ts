import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BinLocation } from '@wms/contract';
import { notify } from '../../../platform/notifications.js';
import { binLocationQueries, invalidateLocations } from './location-queries.js';
import type { NoticeKey } from '../../../platform/notification-store.js';

/**
 * An edit of a location: one of the contract's bin location edits (binLocationEndpoints, each
 * answering the updated location); the answer goes into the cache, the location's views refetch,
 * and a success notification shows. A failure is shown by the error catalogue; `run` then
 * resolves false.
 */
export function useLocationEdit(code: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (
    edit: () => Promise<BinLocation>,
    successKey: NoticeKey,
    successArgs: Record<string, unknown> = {},
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const updated = await edit();
      if (updated && typeof updated === 'object' && 'code' in updated)
        queryClient.setQueryData(binLocationQueries.detail(code).queryKey, updated);
      await invalidateLocations(queryClient, [code]);
      notify('success', successKey, successArgs);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
