import {
  blockForQcTypes,
  codeKey,
  managedByTypes,
  productionIssueMethods,
  productionMaterialToleranceTypes,
  toThousandths,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { CheckedRow, Importer } from '../importers/importer.js';
import { publishItemsChanged } from '../items/item-live.js';
import { writeItems } from './item-master.service.js';
import { checkItemDrafts, type ItemDraft, type ItemWrite } from './item-master.rules.js';
import { assignDefined, CellReader, column } from './master-data-cells.js';
import { chunked } from '../../util/chunks.js';
import { mergeChecked } from './master-data-import.js';

/**
 * The items importer (kind items, role masterDataManager; docs/decisions/0179): one row per item,
 * created or updated by code (case-insensitive). Every item field a user maintains has a column
 * (all but images, density and the flags derived from managedBy); an empty cell changes nothing.
 * The weight is weightInMg, or weightKg (kg, converted exactly; weightInMg wins when both are
 * filled). managedBy applies to new items; another value for a known item is a warning and is
 * not applied. Rows are judged by checkItemDrafts, the API's check.
 */

const yesNo = (name: string, en: string, nl: string, de: string, pl: string) =>
  column(name, 'boolean', [en, nl, de, pl]);

export const itemImportColumns = [
  column('code', 'text', ['Item code', 'Artikelcode', 'Artikelnummer', 'Kod towaru', 'Item', 'SKU'], true),
  column('visualCode', 'text', ['Visual code', 'Weergavecode', 'Anzeigecode', 'Kod wyświetlany']),
  column('name', 'text', ['Name', 'Naam', 'Bezeichnung', 'Nazwa', 'Description', 'Omschrijving']),
  column('secondName', 'text', ['Second name', 'Tweede naam', 'Zweite Bezeichnung', 'Druga nazwa']),
  column('barcode', 'text', ['Barcode', 'Barcode', 'Barcode', 'Kod kreskowy', 'EAN', 'GTIN']),
  column('barcodeInvQty', 'number', [
    'Barcode quantity',
    'Aantal per barcode',
    'Menge pro Barcode',
    'Ilość na kod kreskowy',
  ]),
  column('barcode2', 'text', ['Barcode 2', 'Barcode 2', 'Barcode 2', 'Kod kreskowy 2']),
  column('barcode2InvQty', 'number', [
    'Barcode 2 quantity',
    'Aantal per barcode 2',
    'Menge pro Barcode 2',
    'Ilość na kod kreskowy 2',
  ]),
  column('barcode3', 'text', ['Barcode 3', 'Barcode 3', 'Barcode 3', 'Kod kreskowy 3']),
  column('barcode3InvQty', 'number', [
    'Barcode 3 quantity',
    'Aantal per barcode 3',
    'Menge pro Barcode 3',
    'Ilość na kod kreskowy 3',
  ]),
  column('units', 'text', ['Unit', 'Eenheid', 'Einheit', 'Jednostka', 'Units', 'UoM']),
  column('groupName', 'text', ['Item group', 'Artikelgroep', 'Artikelgruppe', 'Grupa towarowa', 'Group']),
  column('managedBy', 'text', ['Managed by', 'Beheerd per', 'Geführt nach', 'Zarządzany przez', 'Management type']),
  yesNo(
    'serialManagedByDispatch',
    'Serials at dispatch',
    'Serienummers bij verzending',
    'Seriennummern beim Versand',
    'Numery seryjne przy wysyłce',
  ),
  column('avgPrice', 'number', ['Average price', 'Gemiddelde prijs', 'Durchschnittspreis', 'Cena średnia']),
  yesNo('active', 'Active', 'Actief', 'Aktiv', 'Aktywny'),
  yesNo('isStockItem', 'Stock item', 'Voorraadartikel', 'Lagerartikel', 'Towar magazynowy'),
  yesNo('isSalesBomItem', 'Sales BOM item', 'Verkoopstuklijst', 'Verkaufsstückliste', 'Zestaw sprzedażowy'),
  yesNo('isProductionItem', 'Production item', 'Productieartikel', 'Produktionsartikel', 'Towar produkcyjny'),
  column('weightInMg', 'number', ['Weight (mg)', 'Gewicht (mg)', 'Gewicht (mg)', 'Waga (mg)']),
  column('weightKg', 'number', [
    'Weight (kg)',
    'Gewicht (kg)',
    'Gewicht (kg)',
    'Waga (kg)',
    'Weight',
    'Gewicht',
    'Waga',
  ]),
  column('productionIssueMethod', 'text', ['Issue method', 'Uitgiftemethode', 'Entnahmemethode', 'Metoda wydania']),
  column('productionMaterialToleranceValue', 'number', [
    'Material tolerance',
    'Materiaaltolerantie',
    'Materialtoleranz',
    'Tolerancja materiału',
  ]),
  column('productionMaterialToleranceType', 'text', [
    'Tolerance type',
    'Tolerantietype',
    'Toleranzart',
    'Typ tolerancji',
  ]),
  column('blockForQcType', 'text', [
    'Block for QC',
    'Blokkeren voor QC',
    'Für QS sperren',
    'Blokada do kontroli jakości',
  ]),
  yesNo(
    'scanExpirationDate',
    'Scan expiry date',
    'Vervaldatum scannen',
    'Verfallsdatum scannen',
    'Skanuj datę ważności',
  ),
  yesNo(
    'scanManufacturingDate',
    'Scan production date',
    'Productiedatum scannen',
    'Herstelldatum scannen',
    'Skanuj datę produkcji',
  ),
  yesNo(
    'scanManufacturingBatch',
    'Scan supplier batch',
    'Leveranciersbatch scannen',
    'Lieferantencharge scannen',
    'Skanuj partię dostawcy',
  ),
  yesNo(
    'scanManufacturingSerial',
    'Scan supplier serial',
    'Leveranciersserienummer scannen',
    'Lieferanten-Seriennummer scannen',
    'Skanuj numer seryjny dostawcy',
  ),
] as const;

/** Milligrams of a weight in kg, exactly (thousandths of a kg are grams). */
const milligramsOfKg = (kg: number) => toThousandths(kg) * 1000;

/** The row's draft and the messages of its cells; no code, no draft. */
export function itemDraftOf(cells: CellReader): ItemDraft | null {
  const code = cells.required('code');
  const weightInMg = cells.number('weightInMg', { integer: true });
  const weightKg = cells.number('weightKg');
  const scan = assignDefined<NonNullable<ItemDraft['receiptScanPreferences']>>(
    {},
    {
      scanExpirationDate: cells.boolean('scanExpirationDate'),
      scanManufacturingDate: cells.boolean('scanManufacturingDate'),
      scanManufacturingBatch: cells.boolean('scanManufacturingBatch'),
      scanManufacturingSerial: cells.boolean('scanManufacturingSerial'),
    },
  );
  const draft = assignDefined<Omit<ItemDraft, 'code'>>(
    {},
    {
      visualCode: cells.text('visualCode', 100),
      name: cells.text('name'),
      secondName: cells.text('secondName'),
      barcode: cells.text('barcode'),
      barcodeInvQty: cells.number('barcodeInvQty', { positive: true }),
      barcode2: cells.text('barcode2'),
      barcode2InvQty: cells.number('barcode2InvQty', { positive: true }),
      barcode3: cells.text('barcode3'),
      barcode3InvQty: cells.number('barcode3InvQty', { positive: true }),
      units: cells.text('units', 50),
      groupName: cells.text('groupName'),
      managedBy: cells.oneOf('managedBy', managedByTypes),
      serialManagedByDispatch: cells.boolean('serialManagedByDispatch'),
      avgPrice: cells.number('avgPrice'),
      active: cells.boolean('active'),
      isStockItem: cells.boolean('isStockItem'),
      isSalesBomItem: cells.boolean('isSalesBomItem'),
      isProductionItem: cells.boolean('isProductionItem'),
      weightInMg: weightInMg ?? (weightKg === undefined ? undefined : milligramsOfKg(weightKg)),
      productionIssueMethod: cells.oneOf('productionIssueMethod', productionIssueMethods),
      productionMaterialToleranceValue: cells.number('productionMaterialToleranceValue'),
      productionMaterialToleranceType: cells.oneOf('productionMaterialToleranceType', productionMaterialToleranceTypes),
      blockForQcType: cells.oneOf('blockForQcType', blockForQcTypes),
      receiptScanPreferences: Object.keys(scan).length > 0 ? scan : undefined,
    },
  );
  return code === undefined ? null : { ...draft, code };
}

export const itemImporter: Importer<ItemWrite> = {
  kind: 'items',
  columns: itemImportColumns,
  async check(db, rows, run): Promise<CheckedRow<ItemWrite>[]> {
    const parsed = rows.map((row) => {
      const cells = new CellReader(row, run.language);
      return { row, draft: itemDraftOf(cells), messages: cells.messages };
    });
    return mergeChecked(
      parsed,
      (drafts, rowNumbers) =>
        checkItemDrafts(run.ctx, db, drafts, {
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
    await writeItems(tx, writes);
    return writes.map((write) => ({ type: 'ITEM', code: write.code }));
  },
  async afterCommit(ctx: AppContext, created) {
    for (const part of chunked(created.map((c) => c.code))) publishItemsChanged(ctx, part);
  },
};
