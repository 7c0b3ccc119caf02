import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { orderTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { ObjectLink } from '../object-link/ObjectLink.js';
import { DetailModal } from './DetailModal.js';
import { FieldList } from './FieldList.js';
import { formatDate } from './format.js';
import { lookupQueries } from './lookup-queries.js';
import { useErrorText } from './useErrorText.js';
import type { CodeDialogProps } from './WarehouseDialog.js';

/** A small dialog with the order summary (lookups.order). */
export function OrderDialog({ code, layer, onClose }: CodeDialogProps) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const query = useQuery(lookupQueries.order(code));
  const order = query.data;

  return (
    <DetailModal
      layer={layer}
      onClose={onClose}
      testId="order-dialog"
      title={
        <>
          <i className="bi bi-receipt" aria-hidden="true" />
          {t('title.order', { code: order?.visualCode ?? code })}
        </>
      }
    >
      {query.isPending ? <Spinner role="status" aria-label={t('common:loading')} /> : null}
      {query.isError ? <Alert variant="danger">{errorText(query.error)}</Alert> : null}
      {order ? (
        <FieldList
          testId="order-fields"
          fields={[
            { name: 'visualCode', label: t('field.visualCode'), value: order.visualCode },
            {
              name: 'type',
              label: t('field.type'),
              value: (orderTypes as readonly string[]).includes(order.type) ? t(`orderType.${order.type}`) : order.type,
            },
            { name: 'status', label: t('field.status'), value: order.status },
            {
              name: 'businessPartner',
              label: t('field.businessPartner'),
              value: order.businessPartnerCode ? (
                <ObjectLink type="businessPartner" code={order.businessPartnerCode}>
                  {order.businessPartnerName ?? order.businessPartnerCode}
                </ObjectLink>
              ) : (
                order.businessPartnerName
              ),
            },
            { name: 'shipDate', label: t('field.shipDate'), value: formatDate(order.shipDate) },
          ]}
        />
      ) : null}
    </DetailModal>
  );
}
