import { useQueryClient } from '@tanstack/react-query';
import { sameCode } from '@wms/contract';
import { useLiveMessage } from '../../platform/live.js';
import { itemQueries, refreshItem } from './queries.js';

/**
 * Keeps the open item fresh (DOMAIN.md live state): ITEM_CHANGED for the item
 * refetches everything of it; BIN_LOCATION_CHANGED refetches its stock and default locations when
 * one of its known locations changed (a move into a new location also sends ITEM_CHANGED).
 */
export function useItemLive(itemCode: string | undefined, knownLocations: () => readonly string[]): void {
  const queryClient = useQueryClient();
  useLiveMessage('ITEM_CHANGED', (message) => {
    if (!itemCode || !message.payload.codes.some((code) => sameCode(code, itemCode))) return;
    void refreshItem(queryClient, itemCode);
  });
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    if (!itemCode) return;
    const known = knownLocations();
    if (!message.payload.codes.some((code) => known.some((location) => sameCode(code, location)))) return;
    void queryClient.invalidateQueries({ queryKey: itemQueries.stock(itemCode).queryKey });
    void queryClient.invalidateQueries({ queryKey: itemQueries.defaultLocationsRoot(itemCode) });
  });
}
