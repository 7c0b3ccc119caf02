import type { Item } from '@wms/contract';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session.js';
import { BarcodeAction } from './BarcodeAction.js';
import { ManagedByAction } from './ManagedByAction.js';
import { PrintLabelsAction } from './PrintLabelsAction.js';
import { ProductionOrderAction } from './ProductionOrderAction.js';
import { UploadImageAction } from './UploadImageAction.js';
import { useQuestions } from './useQuestions.js';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="mb-3" data-testid={testId}>
      <Card.Body>
        <Card.Title as="h3" className="h6">
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

/**
 * Actions, each shown only to the role it needs (the server checks
 * too): change management type (itemManagedByEdit), set barcodes and upload an image
 * (barcodeSetup), print labels (everyone who sees the app), create a production order
 * (itemAuthCreateProductionOrder).
 */
export function ActionsTab({ item }: { item: Item }) {
  const { t } = useTranslation('itemInfo');
  const session = useSession();
  const { ask, modal } = useQuestions();
  return (
    <>
      <Section title={t('actions.print.title')} testId="action-print">
        <PrintLabelsAction item={item} ask={ask} />
      </Section>
      {session.hasRole('barcodeSetup') && (
        <Section title={t('actions.barcode.title')} testId="action-barcode">
          <BarcodeAction item={item} ask={ask} />
        </Section>
      )}
      {session.hasRole('itemManagedByEdit') && (
        <Section title={t('actions.managedBy.title')} testId="action-managed-by">
          <ManagedByAction item={item} ask={ask} />
        </Section>
      )}
      {session.hasRole('itemAuthCreateProductionOrder') && (
        <Section title={t('production:order.sectionTitle')} testId="action-production-order">
          <ProductionOrderAction item={item} />
        </Section>
      )}
      {session.hasRole('barcodeSetup') && (
        <Section title={t('actions.image.title')} testId="action-image">
          <UploadImageAction item={item} />
        </Section>
      )}
      {modal}
    </>
  );
}
