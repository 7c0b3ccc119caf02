import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BinLocation } from '@wms/contract';
import { http } from '../../../platform/http.js';
import { notify } from '../../../platform/notifications.js';
import { binLocationQueries, invalidateLocations } from './location-queries.js';

/**
 * An edit of a location: POST to a path under /api/v1/bin_location/{code}/; the answer (the
 * updated location) goes into the cache, the location's views refetch, and a success notification
 * shows. A failure is shown by the error catalogue; `run` then resolves false.
 */
export function useLocationEdit(code: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (
    path: string,
    body: unknown,
    successKey: string,
    successArgs: Record<string, unknown> = {},
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const updated = await http.post<BinLocation>(
        `/api/v1/bin_location/${encodeURIComponent(code)}/${path}`,
        body ?? {},
      );
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
