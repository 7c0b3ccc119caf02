import { codeKey } from '@wms/contract';
import type { Importer } from '../importers/importer.js';
import { assignDefined, CellReader, column } from './master-data-cells.js';
import { mergeChecked } from './master-data-import.js';
import { writeWarehouses } from './warehouse-master.service.js';
import { checkWarehouseDrafts, type WarehouseDraft, type WarehouseWrite } from './warehouse-master.rules.js';

/**
 * The warehouses importer (kind warehouses; docs/decisions/0179): one row per warehouse, created
 * or updated by code; an empty cell changes nothing. Rows are judged by checkWarehouseDrafts, the
 * API's check.
 */
export const warehouseImportColumns = [
  column('code', 'text', ['Warehouse code', 'Magazijncode', 'Lagercode', 'Kod magazynu', 'Warehouse', 'Code'], true),
  column('visualCode', 'text', ['Visual code', 'Weergavecode', 'Anzeigecode', 'Kod wyświetlany']),
  column('name', 'text', ['Name', 'Naam', 'Bezeichnung', 'Nazwa']),
  column('active', 'boolean', ['Active', 'Actief', 'Aktiv', 'Aktywny']),
] as const;

export const warehouseImporter: Importer<WarehouseWrite> = {
  kind: 'warehouses',
  columns: warehouseImportColumns,
  async check(db, rows, run) {
    const parsed = rows.map((row) => {
      const cells = new CellReader(row, run.language);
      const code = cells.required('code');
      const draft = assignDefined<Omit<WarehouseDraft, 'code'>>(
        {},
        { visualCode: cells.text('visualCode', 100), name: cells.text('name'), active: cells.boolean('active') },
      );
      return { row, draft: code === undefined ? null : { ...draft, code }, messages: cells.messages };
    });
    return mergeChecked(
      parsed,
      (drafts, rowNumbers) => checkWarehouseDrafts(db, drafts, { intent: 'upsert', rowNumbers }),
      (draft) => codeKey(draft.code),
    );
  },
  async commit(tx, rows) {
    const writes = rows.flatMap((row) => (row.prepared ? [row.prepared] : []));
    await writeWarehouses(tx, writes);
    return writes.map((write) => ({ type: 'WAREHOUSE', code: write.code }));
  },
};
