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
  goodsReceipt: lazy(() =>
    import('./goods-receipt/GoodsReceiptApp.js').then((module) => ({ default: module.GoodsReceiptApp })),
  ),
  workConfirmation: lazy(() =>
    import('./work-confirmation/WorkConfirmationApp.js').then((module) => ({ default: module.WorkConfirmationApp })),
  ),
  workConfirmationVerification: lazy(() =>
    import('./work-confirmation/WorkConfirmationVerificationApp.js').then((module) => ({
      default: module.WorkConfirmationVerificationApp,
    })),
  ),
  myUserTasks: lazy(() =>
    import('./user-tasks/MyUserTasksApp.js').then((module) => ({ default: module.MyUserTasksApp })),
  ),
  taskManager: lazy(() =>
    import('./user-tasks/TaskManagerApp.js').then((module) => ({ default: module.TaskManagerApp })),
  ),
  goodsSorting: lazy(() =>
    import('./goods-sorting/GoodsSortingApp.js').then((module) => ({ default: module.GoodsSortingApp })),
  ),
  goodsReturns: lazy(() =>
    import('./goods-returns/GoodsReturnsApp.js').then((module) => ({ default: module.GoodsReturnsApp })),
  ),
  stockPicking: lazy(() =>
    import('./stock-picking/StockPickingApp.js').then((module) => ({ default: module.StockPickingApp })),
  ),
  pickAndPack: lazy(() =>
    import('./pick-and-pack/PickAndPackApp.js').then((module) => ({ default: module.PickAndPackApp })),
  ),
  pickAndCollect: lazy(() =>
    import('./pick-and-collect/PickAndCollectApp.js').then((module) => ({ default: module.PickAndCollectApp })),
  ),
  packingSlip: lazy(() =>
    import('./packing-slip/PackingSlipApp.js').then((module) => ({ default: module.PackingSlipApp })),
  ),
  pack: lazy(() => import('./pack-and-delivery/PackApp.js').then((module) => ({ default: module.PackApp }))),
  delivery: lazy(() =>
    import('./pack-and-delivery/DeliveryApp.js').then((module) => ({ default: module.DeliveryApp })),
  ),
  packAndDelivery: lazy(() =>
    import('./pack-and-delivery/PackAndDeliveryApp.js').then((module) => ({ default: module.PackAndDeliveryApp })),
  ),
  deliveryDispatch: lazy(() =>
    import('./delivery-dispatch/DeliveryDispatchApp.js').then((module) => ({ default: module.DeliveryDispatchApp })),
  ),
  multiAddressDelivery: lazy(() =>
    import('./multi-address-delivery/MultiAddressDeliveryApp.js').then((module) => ({
      default: module.MultiAddressDeliveryApp,
    })),
  ),
  wallToWall: lazy(() =>
    import('./wall-to-wall/WallToWallApp.js').then((module) => ({ default: module.WallToWallApp })),
  ),
  wallToWallBatch: lazy(() =>
    import('./wall-to-wall/batch/WallToWallBatchApp.js').then((module) => ({ default: module.WallToWallBatchApp })),
  ),
  countingListCreator: lazy(() =>
    import('./counting-list-creator/CountingListCreatorApp.js').then((module) => ({
      default: module.CountingListCreatorApp,
    })),
  ),
  batchCorrection: lazy(() =>
    import('./batch-correction/BatchCorrectionApp.js').then((module) => ({ default: module.BatchCorrectionApp })),
  ),
  recounting: lazy(() => import('./recounting/RecountingApp.js').then((module) => ({ default: module.RecountingApp }))),
  finishedGoodsReceipt: lazy(() =>
    import('./finished-goods-receipt/FinishedGoodsReceiptApp.js').then((module) => ({
      default: module.FinishedGoodsReceiptApp,
    })),
  ),
  itemBarcoder: lazy(() =>
    import('./item-barcoder/ItemBarcoderApp.js').then((module) => ({ default: module.ItemBarcoderApp })),
  ),
  defaultItemLocationConfigurer: lazy(() =>
    import('./default-item-location-configurer/DefaultItemLocationConfigurerApp.js').then((module) => ({
      default: module.DefaultItemLocationConfigurerApp,
    })),
  ),
  userSettings: lazy(() =>
    import('./user-settings/UserSettingsApp.js').then((module) => ({ default: module.UserSettingsApp })),
  ),
  // The five importer apps share one lazily loaded module (apps/importers).
  purchaseImporter: lazy(() =>
    import('./importers/importer-apps.js').then((module) => ({ default: module.importerApps.purchaseImporter })),
  ),
  orderImporter: lazy(() =>
    import('./importers/importer-apps.js').then((module) => ({ default: module.importerApps.orderImporter })),
  ),
  itemPriceImporter: lazy(() =>
    import('./importers/importer-apps.js').then((module) => ({ default: module.importerApps.itemPriceImporter })),
  ),
  itemTranslationImporter: lazy(() =>
    import('./importers/importer-apps.js').then((module) => ({
      default: module.importerApps.itemTranslationImporter,
    })),
  ),
  plannedGoodsReceiptsImporter: lazy(() =>
    import('./importers/importer-apps.js').then((module) => ({
      default: module.importerApps.plannedGoodsReceiptsImporter,
    })),
  ),
  actionBarcodeGenerator: lazy(() =>
    import('./action-barcode-generator/ActionBarcodeGeneratorApp.js').then((module) => ({
      default: module.ActionBarcodeGeneratorApp,
    })),
  ),
  spreadsheetViewer: lazy(() =>
    import('./spreadsheet-viewer/SpreadsheetViewerApp.js').then((module) => ({
      default: module.SpreadsheetViewerApp,
    })),
  ),
  masterData: lazy(() =>
    import('./master-data/MasterDataApp.js').then((module) => ({ default: module.MasterDataApp })),
  ),
  picklists: lazy(() => import('./picklists/PicklistsApp.js').then((module) => ({ default: module.PicklistsApp }))),
  addressValidation: lazy(() =>
    import('./address-validation/AddressValidationApp.js').then((module) => ({
      default: module.AddressValidationApp,
    })),
  ),
};

export function appComponent(appId: string): AppComponent | undefined {
  return appComponents[appId];
}
