import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AppComponent = LazyExoticComponent<ComponentType>;

/**
 * The React component of each built app (app id of packages/contract/src/apps.ts -> component),
 * each loaded lazily so the first load stays small. An app that is not built has no entry and
 * is neither routed nor shown.
 */
export const appComponents: Readonly<Partial<Record<string, AppComponent>>> = {
  dashboard: lazy(() => import('../shell/Dashboard.js').then((module) => ({ default: module.Dashboard }))),
  itemInfo: lazy(() => import('./item-info/ItemInfoApp.js').then((module) => ({ default: module.ItemInfoApp }))),
  locationInfo: lazy(() =>
    import('./location-info/LocationInfoApp.js').then((module) => ({ default: module.LocationInfoApp })),
  ),
  stockTransfer: lazy(() =>
    import('./stock-transfer/StockTransferApp.js').then((module) => ({ default: module.StockTransferApp })),
  ),
  multiStockTransfer: lazy(() =>
    import('./stock-transfer/MultiStockTransferApp.js').then((module) => ({ default: module.MultiStockTransferApp })),
  ),
  locationStockTransfer: lazy(() =>
    import('./stock-transfer/LocationStockTransferApp.js').then((module) => ({
      default: module.LocationStockTransferApp,
    })),
  ),
  userSettings: lazy(() =>
    import('./user-settings/UserSettingsApp.js').then((module) => ({ default: module.UserSettingsApp })),
  ),
};

export function appComponent(appId: string): AppComponent | undefined {
  return appComponents[appId];
}
