import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Nav from 'react-bootstrap/Nav';
import Tab from 'react-bootstrap/Tab';
import { useTranslation } from 'react-i18next';
import { ImportWizard } from '../../components/import-wizard/ImportWizard.js';
import { ImporterPage } from './ImporterPage.js';
import { plannedReceiptsKey } from './planned-receipts-api.js';
import { PlannedReceiptDrafts } from './PlannedReceiptDrafts.js';

type TabId = 'import' | 'drafts';

/**
 * /shipment/planned_goods_receipts_importer (plannedGoodsReceiptsDraftImporter): the import
 * creates planned receipts as DRAFT; the Drafts tab lists them for a purchaser to release.
 */
export function PlannedReceiptsImporterApp() {
  const { t } = useTranslation('importers');
  const queryClient = useQueryClient();
  const [active, setActive] = useState<TabId>('import');
  return (
    <ImporterPage appId="plannedGoodsReceiptsImporter" kind="planned_goods_receipts">
      <Tab.Container activeKey={active} onSelect={(key) => key && setActive(key as TabId)}>
        <Nav variant="underline" className="mb-3 column-gap-3 border-bottom" role="tablist">
          <Nav.Item>
            <Nav.Link eventKey="import" data-testid="planned-receipts-tab-import">
              {t('tabs.import')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="drafts" data-testid="planned-receipts-tab-drafts">
              {t('tabs.drafts')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        <Tab.Content>
          <Tab.Pane eventKey="import">
            <ImportWizard
              kind="planned_goods_receipts"
              onCommitted={() => void queryClient.invalidateQueries({ queryKey: plannedReceiptsKey() })}
            />
          </Tab.Pane>
          <Tab.Pane eventKey="drafts" mountOnEnter unmountOnExit>
            <PlannedReceiptDrafts />
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
    </ImporterPage>
  );
}
