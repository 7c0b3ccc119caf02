import type { WarehouseMaster } from '@wms/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { masterDataApi, masterDataQueries } from './master-data-api.js';
import { MasterDataListTab } from './MasterDataListTab.js';
import { WarehouseForm } from './WarehouseForm.js';

/** The warehouses: code, visual code and name; New, Edit, Import. */
export function WarehousesTab() {
  const columns = useMemo<DataTableColumn<WarehouseMaster>[]>(
    () => [
      { id: 'code', header: 'masterData:field.code', accessor: (row) => row.code, width: 140 },
      { id: 'visualCode', header: 'masterData:field.visualCode', accessor: (row) => row.visualCode, width: 140 },
      { id: 'name', header: 'masterData:field.name', accessor: (row) => row.name, width: 260 },
    ],
    [],
  );
  return (
    <MasterDataListTab
      tableId="warehouses"
      importKind="warehouses"
      columns={columns}
      query={masterDataQueries.warehouses}
      setActive={(row, active) => masterDataApi.updateWarehouse(row.code, { version: row.version, active })}
      Form={WarehouseForm}
    />
  );
}
