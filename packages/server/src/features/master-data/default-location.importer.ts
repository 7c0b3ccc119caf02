import { codeKey, fromThousandths, toThousandths } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { CheckedRow, Importer } from '../importers/importer.js';
import { checkStockLevels } from '../items/default-locations.service.js';
import { publishItemsChanged } from '../items/item-live.js';
import * as repository from './default-location-import.repository.js';
import { itemsByCodeLowers } from './item-master.repository.js';
import { locationsByCodeLowers } from './location-master.repository.js';
import { CellReader, column } from './master-data-cells.js';
import { duplicatesInBatch, error, hasError, type Message } from './master-data-rules.js';
import { chunked } from '../../util/chunks.js';
import { warehousesByCodeLowers } from './warehouse-master.repository.js';

/**
 * The default item locations importer (kind default_item_locations; docs/decisions/0179): one row
 * per item and warehouse, creating or updating the item's default there. The rules are the
 * default-location edit's (features/items default-locations.service.ts): the item, warehouse and
 * location exist, the location lies in the warehouse (locationNotInWarehouse {location,
 * warehouse}) and allows stock movements (restrictedLocationAsDefault {location}), and minStock
 * <= maxStock (its checkStockLevels). An empty cell keeps the stored value.
 */
export const defaultLocationImportColumns = [
  column('itemCode', 'text', ['Item code', 'Artikelcode', 'Artikelnummer', 'Kod towaru', 'Item'], true),
  column('warehouseCode', 'text', ['Warehouse', 'Magazijn', 'Lager', 'Magazyn', 'Warehouse code'], true),
  column('binLocationCode', 'text', ['Location', 'Locatie', 'Lagerplatz', 'Lokalizacja', 'Bin location', 'Bin']),
  column('enforced', 'boolean', ['Enforced', 'Verplicht', 'Verbindlich', 'Wymuszona']),
  column('minStock', 'number', ['Minimum stock', 'Minimumvoorraad', 'Mindestbestand', 'Zapas minimalny']),
  column('maxStock', 'number', ['Maximum stock', 'Maximumvoorraad', 'Höchstbestand', 'Zapas maksymalny']),
] as const;

export interface DefaultLocationWrite {
  row: repository.DefaultRow;
  itemCode: string;
  binCode: string | null;
}

const levelOf = (value: number | string | null) => (value === null ? null : fromThousandths(value));

export const defaultLocationImporter: Importer<DefaultLocationWrite> = {
  kind: 'default_item_locations',
  columns: defaultLocationImportColumns,
  async check(db, rows, run) {
    const parsed = rows.map((row) => {
      const cells = new CellReader(row, run.language);
      return {
        row,
        cells,
        itemCode: cells.required('itemCode'),
        warehouseCode: cells.required('warehouseCode'),
        binCode: cells.text('binLocationCode', 100),
        enforced: cells.boolean('enforced'),
        minStock: cells.number('minStock'),
        maxStock: cells.number('maxStock'),
      };
    });
    const items = new Map(
      (
        await itemsByCodeLowers(
          db,
          parsed.flatMap((p) => (p.itemCode ? [codeKey(p.itemCode)] : [])),
        )
      ).map((i) => [i.code_lower, i]),
    );
    const warehouses = new Map(
      (
        await warehousesByCodeLowers(
          db,
          parsed.flatMap((p) => (p.warehouseCode ? [codeKey(p.warehouseCode)] : [])),
        )
      ).map((w) => [w.code_lower, w]),
    );
    const locations = new Map(
      (
        await locationsByCodeLowers(
          db,
          parsed.flatMap((p) => (p.binCode ? [codeKey(p.binCode)] : [])),
        )
      ).map((l) => [l.code_lower, l]),
    );
    const stored = new Map(
      (
        await repository.defaultsOfItems(
          db,
          [...items.values()].map((i) => i.id),
        )
      ).map((d) => [`${d.item_id}@${d.warehouse_id}`, d]),
    );
    const groupOf = (p: (typeof parsed)[number]) =>
      p.itemCode && p.warehouseCode ? `${codeKey(p.itemCode)}@${codeKey(p.warehouseCode)}` : null;
    const duplicates = duplicatesInBatch(parsed.map(groupOf), (i) => parsed[i]!.row.rowNumber);
    return parsed.map((p, index): CheckedRow<DefaultLocationWrite> => {
      const messages: Message[] = p.cells.messages;
      const item = p.itemCode ? items.get(codeKey(p.itemCode)) : undefined;
      const warehouse = p.warehouseCode ? warehouses.get(codeKey(p.warehouseCode)) : undefined;
      const location = p.binCode ? locations.get(codeKey(p.binCode)) : undefined;
      if (duplicates.has(index)) {
        messages.push(
          error('itemCode', 'duplicateInFile', { value: p.itemCode, rows: duplicates.get(index)!.firstRow }),
        );
      }
      if (p.itemCode && !item) messages.push(error('itemCode', 'unknownItemForCode', { code: p.itemCode }));
      if (p.warehouseCode && !warehouse)
        messages.push(error('warehouseCode', 'unknownWarehouse', { code: p.warehouseCode }));
      if (p.binCode && !location) messages.push(error('binLocationCode', 'unknownLocation', { code: p.binCode }));
      if (location && warehouse && location.warehouse_id !== warehouse.id) {
        messages.push(
          error('binLocationCode', 'locationNotInWarehouse', { location: location.code, warehouse: warehouse.code }),
        );
      } else if (location?.stock_movement_restricted === 1) {
        messages.push(error('binLocationCode', 'restrictedLocationAsDefault', { location: location.code }));
      }
      const before = item && warehouse ? stored.get(`${item.id}@${warehouse.id}`) : undefined;
      const minStock = p.minStock ?? levelOf(before?.min_stock ?? null);
      const maxStock = p.maxStock ?? levelOf(before?.max_stock ?? null);
      try {
        checkStockLevels(minStock, maxStock);
      } catch (cause) {
        if (!(cause instanceof AppError)) throw cause;
        messages.push(error('maxStock', cause.key, cause.args));
      }
      const group = groupOf(p);
      if (hasError(messages) || !item || !warehouse) return { rowNumber: p.row.rowNumber, messages, group };
      const row: repository.DefaultRow = {
        item_id: item.id,
        warehouse_id: warehouse.id,
        bin_location_id: location?.id ?? before?.bin_location_id ?? null,
        enforced: p.enforced === undefined ? (before?.enforced ?? 0) : p.enforced ? 1 : 0,
        min_stock: minStock === null ? null : toThousandths(minStock),
        max_stock: maxStock === null ? null : toThousandths(maxStock),
      };
      return {
        rowNumber: p.row.rowNumber,
        messages,
        group,
        prepared: { row, itemCode: item.code, binCode: location?.code ?? null },
      };
    });
  },
  async commit(tx, rows) {
    const writes = rows.flatMap((row) => (row.prepared ? [row.prepared] : []));
    await repository.upsertDefaults(
      tx,
      writes.map((w) => w.row),
    );
    return writes.map((w) => ({ type: 'DEFAULT_ITEM_LOCATION', code: w.itemCode }));
  },
  async afterCommit(ctx: AppContext, created) {
    // The item views show their defaults; a location view rereads its defaults when opened.
    for (const part of chunked(created.map((c) => c.code))) publishItemsChanged(ctx, part);
  },
};
