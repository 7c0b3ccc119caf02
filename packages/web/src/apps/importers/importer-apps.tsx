import type { ComponentType } from 'react';
import { ImporterApp } from './ImporterApp.js';
import { PlannedReceiptsImporterApp } from './PlannedReceiptsImporterApp.js';

/** /order/purchase_importer (purchasing). */
const PurchaseImporterApp = () => <ImporterApp appId="purchaseImporter" />;
/** /order/importer (sales). */
const OrderImporterApp = () => <ImporterApp appId="orderImporter" />;
/** /order/item_price_importer (priceListUpload). */
const ItemPriceImporterApp = () => <ImporterApp appId="itemPriceImporter" />;
/** /order/item_translation_importer (itemTranslationUpload). */
const ItemTranslationImporterApp = () => <ImporterApp appId="itemTranslationImporter" />;

/** The components of the five importer apps, by app id (apps/registry.ts loads this module lazily). */
export const importerApps = {
  purchaseImporter: PurchaseImporterApp,
  orderImporter: OrderImporterApp,
  itemPriceImporter: ItemPriceImporterApp,
  itemTranslationImporter: ItemTranslationImporterApp,
  plannedGoodsReceiptsImporter: PlannedReceiptsImporterApp,
} satisfies Record<string, ComponentType>;
