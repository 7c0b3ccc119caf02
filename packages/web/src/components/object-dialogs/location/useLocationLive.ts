import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessage } from '../../../platform/live.js';
import { invalidateLocationContents, invalidateLocations } from './location-queries.js';

/** BIN_LOCATION_CHANGED refetches the location's views; ITEM_CHANGED its contents. */
export function useLocationLive(code: string): void {
  const queryClient = useQueryClient();
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    const lower = code.toLowerCase();
    if (message.payload.codes.some((changed) => changed.toLowerCase() === lower))
      void invalidateLocations(queryClient, [code]);
  });
  useLiveMessage('ITEM_CHANGED', () => {
    void invalidateLocationContents(queryClient);
  });
}
