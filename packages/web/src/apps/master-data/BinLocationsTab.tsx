import { useQuery } from '@tanstack/react-query';
import { masterDataLimits, type BinLocation } from '@wms/contract';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { BinLocationForm } from './BinLocationForm.js';
import { masterDataApi, masterDataQueries } from './master-data-api.js';
import { MasterDataListTab, type ListQuery } from './MasterDataListTab.js';

/** The bin locations, filtered by warehouse too: code, warehouse, types, barcode; New, Edit, Import. */
export function BinLocationsTab() {
  const { t } = useTranslation(['masterData', 'objects']);
  const [warehouseCode, setWarehouseCode] = useState('');
  const warehouses = useQuery(masterDataQueries.warehouses({ active: 'all', limit: masterDataLimits.pageMax }));
  const columns = useMemo<DataTableColumn<BinLocation>[]>(
    () => [
      { id: 'code', header: 'masterData:field.code', accessor: (row) => row.visualCode, width: 150 },
      { id: 'warehouse', header: 'masterData:field.warehouse', accessor: (row) => row.warehouseCode, width: 110 },
      {
        id: 'locationType',
        header: 'masterData:field.locationType',
        accessor: (row) => t(`objects:locationType.${row.locationType}`),
        width: 120,
      },
      {
        id: 'physicalLocationType',
        header: 'masterData:field.physicalLocationType',
        accessor: (row) => t(`objects:physicalLocationType.${row.physicalLocationType}`),
        width: 150,
      },
      { id: 'barcode', header: 'masterData:field.barcodeShort', accessor: (row) => row.barcode, width: 140 },
      {
        id: 'restricted',
        header: 'masterData:field.stockMovementRestricted',
        accessor: (row) => row.stockMovementRestricted,
        cell: (row) =>
          row.stockMovementRestricted ? (
            <i className="bi bi-sign-stop text-danger" aria-label={t('common:yes')} />
          ) : null,
        width: 110,
      },
    ],
    [t],
  );
  const query = (base: ListQuery) =>
    masterDataQueries.binLocations({ ...base, ...(warehouseCode ? { warehouseCode } : {}) });
  return (
    <MasterDataListTab
      tableId="binLocations"
      importKind="bin_locations"
      columns={columns}
      query={query}
      filterKey={warehouseCode}
      filters={
        <Form.Select
          value={warehouseCode}
          onChange={(event) => setWarehouseCode(event.target.value)}
          aria-label={t('field.warehouse')}
          style={{ maxWidth: '14rem' }}
          data-testid="master-data-warehouse-filter"
        >
          <option value="">{t('list.allWarehouses')}</option>
          {(warehouses.data?.rows ?? []).map((row) => (
            <option key={row.code} value={row.code}>
              {row.visualCode} {row.name}
            </option>
          ))}
        </Form.Select>
      }
      setActive={(row, active) => masterDataApi.updateBinLocation(row.code, { version: row.version, active })}
      Form={BinLocationForm}
    />
  );
}
