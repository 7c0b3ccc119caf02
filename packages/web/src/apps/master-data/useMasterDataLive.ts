import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessage } from '../../platform/live.js';
import { masterDataKey } from './master-data-api.js';

/**
 * Keeps the tables fresh (DOMAIN.md live state): ITEM_CHANGED and BIN_LOCATION_CHANGED, sent
 * after every item and location write (here, by an import, or in another app), read the master
 * data again. An open form keeps the record it read: its save is judged by that version.
 */
export function useMasterDataLive(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: masterDataKey });
  useLiveMessage('ITEM_CHANGED', refresh);
  useLiveMessage('BIN_LOCATION_CHANGED', refresh);
}
