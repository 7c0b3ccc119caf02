import { codeKey, locationTypes, pickingStrategies, workTypes } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Importer } from '../importers/importer.js';
import { publishBinLocationsChanged } from '../items/item-live.js';
import { writeLocations } from './location-master.service.js';
import { checkLocationDrafts, type LocationDraft, type LocationWrite } from './location-master.rules.js';
import { assignDefined, CellReader, column } from './master-data-cells.js';
import { mergeChecked } from './master-data-import.js';
import { error } from './master-data-rules.js';
import { chunked } from '../../util/chunks.js';

/**
 * The bin locations importer (kind bin_locations; docs/decisions/0179): one row per location,
 * created or updated by code; an empty cell changes nothing. The user attributes are one cell
 * `name=value;name=value` that replaces the location's attributes. Rows are judged by
 * checkLocationDrafts, the API's check.
 */
export const locationImportColumns = [
  column(
    'code',
    'text',
    ['Location code', 'Locatiecode', 'Lagerplatzcode', 'Kod lokalizacji', 'Location', 'Bin'],
    true,
  ),
  column('visualCode', 'text', ['Visual code', 'Weergavecode', 'Anzeigecode', 'Kod wyświetlany']),
  column('warehouseCode', 'text', ['Warehouse', 'Magazijn', 'Lager', 'Magazyn', 'Warehouse code']),
  column('barcode', 'text', ['Barcode', 'Barcode', 'Barcode', 'Kod kreskowy']),
  column('minimalStockLevel', 'number', ['Minimum stock', 'Minimumvoorraad', 'Mindestbestand', 'Zapas minimalny']),
  column('maximalStockLevel', 'number', ['Maximum stock', 'Maximumvoorraad', 'Höchstbestand', 'Zapas maksymalny']),
  column('locationType', 'text', ['Location type', 'Locatietype', 'Lagerplatztyp', 'Typ lokalizacji']),
  column('physicalLocationType', 'text', ['Physical type', 'Fysiek type', 'Physischer Typ', 'Typ fizyczny']),
  column('pickingStrategy', 'text', [
    'Picking strategy',
    'Pickstrategie',
    'Kommissionierstrategie',
    'Strategia kompletacji',
  ]),
  column('active', 'boolean', ['Active', 'Actief', 'Aktiv', 'Aktywna']),
  column('stockMovementRestricted', 'boolean', [
    'Movements restricted',
    'Bewegingen beperkt',
    'Bewegungen eingeschränkt',
    'Ruchy ograniczone',
  ]),
  column('sortingCode', 'text', ['Sorting code', 'Sorteercode', 'Sortiercode', 'Kod sortowania']),
  column('countingSortingCode', 'text', [
    'Counting sorting code',
    'Telsorteercode',
    'Zählsortiercode',
    'Kod sortowania inwentaryzacji',
  ]),
  column('preferredOrderCode', 'text', [
    'Preferred order',
    'Voorkeursorder',
    'Bevorzugter Auftrag',
    'Preferowane zamówienie',
  ]),
  column('attributes', 'text', ['Attributes', 'Kenmerken', 'Attribute', 'Atrybuty']),
] as const;

const attributesFormat = 'name=value;name=value';

/** `name=value;name=value` as attributes, or null when a part is not one (or a name comes twice). */
export function parseAttributes(text: string): { name: string; value: string }[] | null {
  const attributes: { name: string; value: string }[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const name = at < 0 ? '' : part.slice(0, at).trim();
    if (name === '' || name.length > 100) return null;
    if (attributes.some((a) => a.name.toLowerCase() === name.toLowerCase())) return null;
    attributes.push({ name, value: part.slice(at + 1).trim() });
  }
  return attributes;
}

function draftOf(cells: CellReader): LocationDraft | null {
  const code = cells.required('code');
  const attributesText = cells.text('attributes', 2000);
  const attributes = attributesText === undefined ? undefined : parseAttributes(attributesText);
  if (attributes === null) {
    cells.messages.push(error('attributes', 'valueNotAllowed', { value: attributesText, allowed: attributesFormat }));
  }
  const draft = assignDefined<Omit<LocationDraft, 'code'>>(
    {},
    {
      visualCode: cells.text('visualCode', 100),
      warehouseCode: cells.text('warehouseCode', 100),
      barcode: cells.text('barcode'),
      minimalStockLevel: cells.number('minimalStockLevel'),
      maximalStockLevel: cells.number('maximalStockLevel'),
      locationType: cells.oneOf('locationType', workTypes),
      physicalLocationType: cells.oneOf('physicalLocationType', locationTypes),
      pickingStrategy: cells.oneOf('pickingStrategy', pickingStrategies),
      active: cells.boolean('active'),
      stockMovementRestricted: cells.boolean('stockMovementRestricted'),
      sortingCode: cells.text('sortingCode'),
      countingSortingCode: cells.text('countingSortingCode'),
      preferredOrderCode: cells.text('preferredOrderCode'),
      attributes: attributes ?? undefined,
    },
  );
  return code === undefined ? null : { ...draft, code };
}

export const locationImporter: Importer<LocationWrite> = {
  kind: 'bin_locations',
  columns: locationImportColumns,
  async check(db, rows, run) {
    const parsed = rows.map((row) => {
      const cells = new CellReader(row, run.language);
      return { row, draft: draftOf(cells), messages: cells.messages };
    });
    return mergeChecked(
      parsed,
      (drafts, rowNumbers) =>
        checkLocationDrafts(run.ctx, db, drafts, {
          intent: 'upsert',
          rowNumbers,
          lock: db.isTransaction,
          at: new Date().toISOString(),
        }),
      (draft) => codeKey(draft.code),
    );
  },
  async commit(tx, rows) {
    const writes = rows.flatMap((row) => (row.prepared ? [row.prepared] : []));
    await writeLocations(tx, writes);
    return writes.map((write) => ({ type: 'BIN_LOCATION', code: write.code }));
  },
  async afterCommit(ctx: AppContext, created) {
    for (const part of chunked(created.map((c) => c.code))) publishBinLocationsChanged(ctx, part);
  },
};
