import type { OperationMode } from '@wms/contract';

export const itemTabIds = [
  'information',
  'details',
  'locations',
  'defaultLocations',
  'openDocuments',
  'history',
  'actions',
] as const;
export type ItemTabId = (typeof itemTabIds)[number];

/** The tabs a user sees: Locations is hidden in wall-to-wall batching mode unless the user is admin. */
export function visibleItemTabs(operationMode: OperationMode, isAdmin: boolean): ItemTabId[] {
  const hideLocations = operationMode === 'WALL_TO_WALL_BATCHING_MODE' && !isAdmin;
  return itemTabIds.filter((id) => id !== 'locations' || !hideLocations);
}

/** The tab to show for the `tab` search parameter: a visible one, else the first. */
export function chosenItemTab(requested: string | null, visible: readonly ItemTabId[]): ItemTabId {
  return visible.find((id) => id === requested) ?? visible[0] ?? 'information';
}
