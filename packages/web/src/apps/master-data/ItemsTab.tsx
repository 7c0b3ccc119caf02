import type { Item } from '@wms/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ItemForm } from './ItemForm.js';
import { masterDataApi, masterDataQueries } from './master-data-api.js';
import { MasterDataListTab } from './MasterDataListTab.js';

/** The items: code, name, barcode, management type, units and group; New, Edit, Import. */
export function ItemsTab() {
  const { t } = useTranslation(['masterData', 'itemInfo']);
  const columns = useMemo<DataTableColumn<Item>[]>(
    () => [
      { id: 'code', header: 'masterData:field.code', accessor: (row) => row.visualCode, width: 140 },
      { id: 'name', header: 'masterData:field.name', accessor: (row) => row.name, width: 240 },
      { id: 'barcode', header: 'masterData:field.barcodeShort', accessor: (row) => row.barcode, width: 150 },
      {
        id: 'managedBy',
        header: 'masterData:field.managedBy',
        accessor: (row) => t(`itemInfo:managedBy.${row.managedBy}`),
        width: 130,
      },
      { id: 'units', header: 'masterData:field.units', accessor: (row) => row.units, width: 80 },
      { id: 'groupName', header: 'masterData:field.groupName', accessor: (row) => row.groupName, width: 140 },
    ],
    [t],
  );
  return (
    <MasterDataListTab
      tableId="items"
      importKind="items"
      columns={columns}
      query={masterDataQueries.items}
      setActive={(row, active) => masterDataApi.updateItem(row.code, { version: row.version, active })}
      Form={ItemForm}
    />
  );
}
