import { topics } from '@wms/contract';
import type { AppContext } from '../../context.js';

/** ITEM_CHANGED on /topic/items: open item views refetch. Call after the commit. */
export function publishItemsChanged(ctx: AppContext, codes: readonly string[]): void {
  if (codes.length > 0) ctx.live.publish(topics.items(), 'ITEM_CHANGED', { codes: [...new Set(codes)] });
}

/** BIN_LOCATION_CHANGED on /topic/bin_locations: open location views refetch. Call after the commit. */
export function publishBinLocationsChanged(ctx: AppContext, codes: readonly (string | null)[]): void {
  const present = [...new Set(codes.filter((code): code is string => code !== null))];
  if (present.length > 0) ctx.live.publish(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: present });
}
