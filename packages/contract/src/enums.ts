/** The product's enumerations. */
export const languages = ['en', 'nl', 'de', 'pl'] as const;
export type Language = (typeof languages)[number];

export const runtimeTypes = ['PRODUCTION', 'TEST', 'DEV'] as const;
export type RuntimeType = (typeof runtimeTypes)[number];

export const erpTypes = ['NONE', 'SAP', 'EXACT_ONLINE', 'EXACT_GLOBE'] as const;
export type ErpType = (typeof erpTypes)[number];

export const operationModes = ['NORMAL', 'WALL_TO_WALL_BATCHING_MODE'] as const;
export type OperationMode = (typeof operationModes)[number];

export const qualityControlApproaches = ['PERFORM_ONLY', 'PERFORM_VERIFY_SEPARATE_STEP'] as const;
export type QualityControlApproach = (typeof qualityControlApproaches)[number];

export const extensions = [
  'informationApps',
  'basic',
  'wallToWall',
  'stockTransferEnhancements',
  'kardexIntegration',
  'production',
  'pickAndPack',
  'packingSlip',
  'batchDelivery',
  'orderImporters',
  'whsPerformance',
  'itemDefaultLocationUpdater',
] as const;
export type Extension = (typeof extensions)[number];

export const sessionPolicies = ['BLOCK', 'ALLOW_2FA', 'ALLOW'] as const;
export type SessionPolicy = (typeof sessionPolicies)[number];

export const printTypes = ['RAW', 'PJL', 'IPP', 'CUPS', 'FILE', 'VOID', 'PERIPHERAL', 'NATIVE', 'CUSTOM'] as const;
export const paperTypes = ['A4', 'LABEL'] as const;
export const labelFormats = ['PDF', 'PDF_GRID', 'PNG', 'ZPL', 'TSPL'] as const;
export const workTypes = ['BULK', 'PICK', 'MOBILE', 'RECEIVE', 'QC', 'DELIVERY', 'PRODUCTION', 'UNKNOWN'] as const;
export const locationTypes = ['NORMAL', 'KARDEX', 'DIV', 'LIQUID_CONTAINER', 'SINGLE_ITEM_LOCATION'] as const;
export const trackingTypes = ['SERIAL_NUMBER', 'BATCH_NUMBER', 'NORMAL'] as const;
export const countingApproaches = ['SINGLE_COUNTING', 'DOUBLE_COUNTING_ALL', 'DOUBLE_COUNTING_ONLY_WRONG'] as const;

/**
 * What a goods receipt does with an entry above the line's open quantity (PROCESSES.md 1.1
 * "Over-receipt"; a warehouse setting an item may override): BLOCK refuses it, CONFIRM lets it
 * through within the tolerance after a rescan, MANAGER as CONFIRM and above the tolerance with a
 * manager's approval.
 */
export const overReceiptModes = ['BLOCK', 'CONFIRM', 'MANAGER'] as const;
export type OverReceiptMode = (typeof overReceiptModes)[number];

/**
 * Movement types of the stock service (DOMAIN.md "Every stock change goes through one call"),
 * written to each ledger row as its transaction type, which the item and location history show
 * (translated under objects:transactionType).
 */
export const stockMovementTypes = [
  'RECEIPT',
  'RETURN_RECEIPT',
  'PRODUCTION_RECEIPT',
  'TRANSFER',
  'PICK',
  'PUT_BACK',
  'DELIVERY',
  'PRODUCTION_ISSUE',
  'MATERIAL_RETURN',
  'COUNT_ADJUSTMENT',
  'BATCH_CORRECTION',
  'QC_RELEASE',
  'QC_REJECT',
  'SCRAP',
  /** An item's management type changed: stock rows rewritten to (or from) batches or serials; nets to zero per item. */
  'MANAGED_BY_CONVERSION',
  /** A CREATED delivery cancelled (decision 0185): the goods back into their containers as picked stock. */
  'DELIVERY_CANCEL',
] as const;
export type StockMovementType = (typeof stockMovementTypes)[number];
