import type { ImportKind } from '@wms/contract';
import { ImportWizard } from '../../components/import-wizard/ImportWizard.js';
import { ImporterPage } from './ImporterPage.js';

/** The importer menu apps with their kind (contract apps.ts importerApps; api/importers.ts). */
export const importerKinds = {
  purchaseImporter: 'purchase_orders',
  orderImporter: 'sales_orders',
  itemPriceImporter: 'item_prices',
  itemTranslationImporter: 'item_translations',
  plannedGoodsReceiptsImporter: 'planned_goods_receipts',
} as const satisfies Record<string, ImportKind>;
export type ImporterAppId = keyof typeof importerKinds;

/** An importer app that is the wizard alone (purchase orders, sales orders, prices, translations). */
export function ImporterApp({ appId }: { appId: ImporterAppId }) {
  const kind = importerKinds[appId];
  return (
    <ImporterPage appId={appId} kind={kind}>
      <ImportWizard kind={kind} />
    </ImporterPage>
  );
}
