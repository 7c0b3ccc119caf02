import { orderImporters } from '../order-importers/order-importers.js';
import { itemPriceImporter } from '../item-prices/item-prices.importer.js';
import { itemTranslationImporter } from '../item-translations/item-translations.importer.js';
import { masterDataImporters } from '../master-data/master-data-importers.js';
import type { Importer } from './importer.js';

/**
 * Every importer of the app, registered at app build (import-registry.ts). Add an importer by
 * appending one line here, e.g. `purchaseOrderImporter,`, imported from its own feature folder.
 * A kind without an importer answers 404 notFound on its routes.
 */
export const importers: readonly Importer[] = [
  ...orderImporters,
  itemPriceImporter,
  itemTranslationImporter,
  ...masterDataImporters,
];
