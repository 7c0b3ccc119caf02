import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { binLocationEndpoints, type BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { ObjectLink } from '../../object-link/ObjectLink.js';
import { ObjectReferenceField, type ResolvedObject } from '../../object-reference/ObjectReferenceField.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { ActionSection } from './ActionSection.js';
import { useLocationEdit } from './useLocationEdit.js';

/** Sets the preferred order (an order field with autocomplete) or clears it after confirmation. */
export function PreferredOrderAction({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const { run, busy } = useLocationEdit(location.code);
  const [text, setText] = useState('');
  const [order, setOrder] = useState<ResolvedObject | null>(null);
  const [confirming, setConfirming] = useState(false);
  const success = 'objects:location.preferredOrderSaved';
  const preferredOrderEdit = (orderCode: string | null) => () =>
    callApi(binLocationEndpoints.setPreferredOrder, { params: { code: location.code }, body: { orderCode } });

  const save = async () => {
    if (!order) return;
    if (await run(preferredOrderEdit(order.code), success)) setText('');
  };
  const clear = () => {
    setConfirming(false);
    void run(preferredOrderEdit(null), success);
  };

  return (
    <ActionSection title={t('location.action.preferredOrder')} testId="action-preferred-order">
      <p className="mb-2" data-testid="preferred-order-current">
        {t('location.currentPreferredOrder')}{' '}
        {location.preferredOrderCode ? <ObjectLink type="order" code={location.preferredOrderCode} /> : '—'}
      </p>
      <ObjectReferenceField
        type="order"
        value={text}
        onChange={setText}
        onResolved={setOrder}
        autocomplete
        placeholder={t('location.orderPlaceholder')}
        testId="preferred-order-input"
      />
      <div className="d-flex gap-2 flex-wrap">
        <Button size="lg" disabled={busy || !order} onClick={() => void save()} data-testid="preferred-order-save">
          {t('common:save')}
        </Button>
        {location.preferredOrderCode ? (
          <Button
            size="lg"
            variant="outline-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="preferred-order-clear"
          >
            {t('location.clearPreferredOrder')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        show={confirming}
        message={t('location.confirmClearPreferredOrder', { code: location.preferredOrderCode ?? '' })}
        confirmLabel={t('location.clearPreferredOrder')}
        onConfirm={clear}
        onCancel={() => setConfirming(false)}
      />
    </ActionSection>
  );
}
