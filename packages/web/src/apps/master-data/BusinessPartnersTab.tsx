import { businessPartnerTypes, type BusinessPartnerMaster } from '@wms/contract';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { BusinessPartnerForm } from './BusinessPartnerForm.js';
import { masterDataApi, masterDataQueries } from './master-data-api.js';
import { MasterDataListTab, type ListQuery } from './MasterDataListTab.js';

type PartnerType = BusinessPartnerMaster['type'];

/** The business partners, filtered by type too: code, name, type, addresses; New, Edit, Import. */
export function BusinessPartnersTab() {
  const { t } = useTranslation(['masterData', 'objects']);
  const [type, setType] = useState<PartnerType | ''>('');
  const columns = useMemo<DataTableColumn<BusinessPartnerMaster>[]>(
    () => [
      { id: 'code', header: 'masterData:field.code', accessor: (row) => row.code, width: 130 },
      { id: 'visualCode', header: 'masterData:field.visualCode', accessor: (row) => row.visualCode, width: 130 },
      { id: 'name', header: 'masterData:field.name', accessor: (row) => row.name, width: 240 },
      {
        id: 'type',
        header: 'masterData:field.type',
        accessor: (row) => t(`objects:partnerType.${row.type}`),
        width: 110,
      },
      {
        id: 'addresses',
        header: 'masterData:section.addresses',
        accessor: (row) => row.addresses.length,
        numeric: true,
        width: 100,
      },
    ],
    [t],
  );
  const query = (base: ListQuery) => masterDataQueries.businessPartners({ ...base, ...(type ? { type } : {}) });
  return (
    <MasterDataListTab
      tableId="businessPartners"
      importKind="business_partners"
      columns={columns}
      query={query}
      filterKey={type}
      filters={
        <Form.Select
          value={type}
          onChange={(event) => setType(event.target.value as PartnerType | '')}
          aria-label={t('field.type')}
          style={{ maxWidth: '12rem' }}
          data-testid="master-data-type-filter"
        >
          <option value="">{t('list.allTypes')}</option>
          {businessPartnerTypes.map((value) => (
            <option key={value} value={value}>
              {t(`objects:partnerType.${value}`)}
            </option>
          ))}
        </Form.Select>
      }
      setActive={(row, active) => masterDataApi.updateBusinessPartner(row.code, { version: row.version, active })}
      Form={BusinessPartnerForm}
    />
  );
}
