import type { Importer } from '../importers/importer.js';
import { defaultLocationImporter } from './default-location.importer.js';
import { itemImporter } from './item-master.importer.js';
import { locationImporter } from './location-master.importer.js';
import { openingStockImporter } from './opening-stock.importer.js';
import { partnerImporter } from './partner-master.importer.js';
import { warehouseImporter } from './warehouse-master.importer.js';

/** The six master-data importers (contract masterDataImportKinds), in the order a new warehouse fills them. */
export const masterDataImporters: readonly Importer[] = [
  warehouseImporter,
  locationImporter,
  itemImporter,
  partnerImporter,
  defaultLocationImporter,
  openingStockImporter,
];
