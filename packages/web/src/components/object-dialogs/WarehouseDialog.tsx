import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailModal } from './DetailModal.js';
import { FieldList } from './FieldList.js';
import { lookupQueries } from './lookup-queries.js';
import { useErrorText } from './useErrorText.js';

export interface CodeDialogProps {
  code: string;
  layer: number;
  onClose: () => void;
}

/** Warehouse details: an Information section with code and name. */
export function WarehouseDialog({ code, layer, onClose }: CodeDialogProps) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const query = useQuery(lookupQueries.warehouses());
  const warehouse = query.data?.find((entry) => entry.code.toLowerCase() === code.toLowerCase());

  return (
    <DetailModal
      layer={layer}
      onClose={onClose}
      copyCode={warehouse?.code}
      testId="warehouse-dialog"
      title={
        <>
          <i className="bi bi-building" aria-hidden="true" />
          {t('title.warehouse', { code: warehouse?.visualCode ?? code })}
        </>
      }
    >
      {query.isPending ? <Spinner role="status" aria-label={t('common:loading')} /> : null}
      {query.isError ? <Alert variant="danger">{errorText(query.error)}</Alert> : null}
      {query.isSuccess && !warehouse ? <Alert variant="danger">{t('errors:unknownWarehouse', { code })}</Alert> : null}
      {warehouse ? (
        <section>
          <h6>{t('tab.information')}</h6>
          <FieldList
            testId="warehouse-fields"
            fields={[
              { name: 'code', label: t('field.code'), value: warehouse.code },
              { name: 'name', label: t('field.name'), value: warehouse.name },
            ]}
          />
        </section>
      ) : null}
    </DetailModal>
  );
}
