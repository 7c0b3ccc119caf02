/** The tabs of the master data app, in order; the last two only import. */
export const masterDataTabs = [
  'items',
  'binLocations',
  'warehouses',
  'businessPartners',
  'defaultItemLocations',
  'openingStock',
] as const;
export type MasterDataTab = (typeof masterDataTabs)[number];

/** The tab named in ?tab=, or the first one. */
export function chosenTab(value: string | null): MasterDataTab {
  return (masterDataTabs as readonly string[]).includes(value ?? '') ? (value as MasterDataTab) : 'items';
}
