import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { businessPartnerTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { DetailModal } from './DetailModal.js';
import { FieldList } from './FieldList.js';
import { lookupQueries } from './lookup-queries.js';
import { ScrollTabs } from './ScrollTabs.js';
import { useErrorText } from './useErrorText.js';
import type { CodeDialogProps } from './WarehouseDialog.js';

/** Business partner details: tabs; Information shows code, visual code, name and type. */
export function BusinessPartnerDialog({ code, layer, onClose }: CodeDialogProps) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const query = useQuery(lookupQueries.businessPartner(code));
  const [tab, setTab] = useState<'information'>('information');
  const partner = query.data;

  return (
    <DetailModal
      layer={layer}
      onClose={onClose}
      copyCode={partner?.code}
      testId="business-partner-dialog"
      title={
        <>
          <i className="bi bi-person-vcard" aria-hidden="true" />
          {t('title.businessPartner', { code: partner?.visualCode ?? code })}
        </>
      }
    >
      {query.isPending ? <Spinner role="status" aria-label={t('common:loading')} /> : null}
      {query.isError ? <Alert variant="danger">{errorText(query.error)}</Alert> : null}
      {partner ? (
        <ScrollTabs
          active={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'information',
              title: t('tab.information'),
              content: (
                <FieldList
                  testId="business-partner-fields"
                  fields={[
                    { name: 'code', label: t('field.code'), value: partner.code },
                    { name: 'visualCode', label: t('field.visualCode'), value: partner.visualCode },
                    { name: 'name', label: t('field.name'), value: partner.name },
                    {
                      name: 'type',
                      label: t('field.type'),
                      value: (businessPartnerTypes as readonly string[]).includes(partner.type)
                        ? t(`partnerType.${partner.type}`)
                        : partner.type,
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      ) : null}
    </DetailModal>
  );
}
