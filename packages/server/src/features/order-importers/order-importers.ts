import type { Importer } from '../importers/importer.js';
import { plannedReceiptImporter } from './planned-receipts.importer.js';
import { purchaseOrderImporter } from './purchase-orders.importer.js';
import { salesOrderImporter } from './sales-orders.importer.js';

/** The order importers (docs/decisions/0177-order-importers.md), registered with the import framework. */
export const orderImporters: readonly Importer[] = [purchaseOrderImporter, salesOrderImporter, plannedReceiptImporter];
