import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { platformMigration } from './migrations/0001-platform.js';
import { ipRulesMigration } from './migrations/0002-ip-rules.js';
import { masterDataMigration } from './migrations/0003-master-data.js';
import { printersMigration } from './migrations/0004-printers.js';
import { customGridsMigration } from './migrations/0005-custom-grids.js';
import { searchIndexMigration } from './migrations/0006-search-index.js';
import { userTasksMigration } from './migrations/0007-user-tasks.js';
import { productionMigration } from './migrations/0008-production.js';
import { albumFilesMigration } from './migrations/0009-album-files.js';
import { masterDataGenerationMigration } from './migrations/0010-master-data-generation.js';
import { ledgerWithoutForeignKeysMigration } from './migrations/0011-ledger-without-foreign-keys.js';
import { signinThrottlingMigration } from './migrations/0012-signin-throttling.js';
import { transferTokenPairingMigration } from './migrations/0013-transfer-token-pairing.js';
import { albumFileSizesMigration } from './migrations/0014-album-file-sizes.js';
import { claimsMigration } from './migrations/0015-claims.js';
import { erpOutboxMigration } from './migrations/0016-erp-outbox.js';
import { documentAttachmentsMigration } from './migrations/0017-document-attachments.js';
import { managerApprovalsMigration } from './migrations/0018-manager-approvals.js';
import { receiptSettingsMigration } from './migrations/0019-receipt-settings.js';
import { goodsReceiptsMigration } from './migrations/0020-goods-receipts.js';
import { salesReturnsMigration } from './migrations/0021-sales-returns.js';
import { finishedGoodsReceiptMigration } from './migrations/0022-finished-goods-receipt.js';
import { importSessionsMigration } from './migrations/0023-import-sessions.js';
import { itemPricesTranslationsMigration } from './migrations/0025-item-prices-translations.js';
import { standaloneMasterDataMigration } from './migrations/0026-standalone-master-data.js';
import { pickListsMigration } from './migrations/0027-pick-lists.js';
import { deliveriesMigration } from './migrations/0028-deliveries.js';
import { addressValidationMigration } from './migrations/0029-address-validation.js';
import { packingSlipPrintsMigration } from './migrations/0030-packing-slip-prints.js';
import { deliveryDispatchMigration } from './migrations/0031-delivery-dispatch.js';
import { multiAddressDeliveryMigration } from './migrations/0032-multi-address-delivery.js';
import { countingMigration } from './migrations/0033-counting.js';
import { batchCorrectionsMigration } from './migrations/0034-batch-corrections.js';
import { recountingMigration } from './migrations/0035-recounting.js';
import { countingListsMigration } from './migrations/0036-counting-lists.js';
import { ledgerDocumentIndexMigration } from './migrations/0037-ledger-document-index.js';
import { locationsToCountIndexMigration } from './migrations/0038-locations-to-count-index.js';
import { stagingLocationRowsMigration } from './migrations/0039-staging-location-rows.js';
import { countHistoryItemIndexMigration } from './migrations/0040-count-history-item-index.js';
import { itemGenerationMigration } from './migrations/0041-item-generation.js';
import { stockLocationCoveringIndexMigration } from './migrations/0042-stock-location-covering-index.js';
import { locationsToCountNumberMigration } from './migrations/0043-locations-to-count-number.js';
import type { VersionedMigration } from './migrations/helpers.js';

/** Every migration in order. Append only: a released migration is never edited. */
export const migrations: readonly VersionedMigration[] = [
  platformMigration,
  ipRulesMigration,
  masterDataMigration,
  printersMigration,
  customGridsMigration,
  searchIndexMigration,
  userTasksMigration,
  productionMigration,
  albumFilesMigration,
  masterDataGenerationMigration,
  ledgerWithoutForeignKeysMigration,
  signinThrottlingMigration,
  transferTokenPairingMigration,
  albumFileSizesMigration,
  claimsMigration,
  erpOutboxMigration,
  documentAttachmentsMigration,
  managerApprovalsMigration,
  receiptSettingsMigration,
  goodsReceiptsMigration,
  salesReturnsMigration,
  finishedGoodsReceiptMigration,
  importSessionsMigration,
  itemPricesTranslationsMigration,
  standaloneMasterDataMigration,
  pickListsMigration,
  deliveriesMigration,
  addressValidationMigration,
  packingSlipPrintsMigration,
  deliveryDispatchMigration,
  multiAddressDeliveryMigration,
  countingMigration,
  batchCorrectionsMigration,
  recountingMigration,
  countingListsMigration,
  ledgerDocumentIndexMigration,
  locationsToCountIndexMigration,
  stagingLocationRowsMigration,
  countHistoryItemIndexMigration,
  itemGenerationMigration,
  stockLocationCoveringIndexMigration,
  locationsToCountNumberMigration,
];

/** Applies pending migrations; each runs in its own transaction. Throws on the first failure. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          migrations.map((m): [string, Migration] => [m.name, { up: (db) => m.up(db, handle.dialect) }]),
        ),
      ),
  };
  const migrator = new Migrator({ db: handle.db, provider, migrationTableName: 'schema_migration' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
