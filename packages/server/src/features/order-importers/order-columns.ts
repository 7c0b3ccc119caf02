import type { ImportColumn } from '@wms/contract';

/**
 * The columns the order importers share. Aliases: en, nl, de, pl first (the template's header in
 * the caller's language), then other headers seen in ERP exports.
 */
export const column = (
  name: string,
  type: ImportColumn['type'],
  required: boolean,
  aliases: readonly string[],
): ImportColumn => ({ name, type, required, aliases: [...aliases] });

export const supplierCodeColumn = column('supplierCode', 'text', true, [
  'Supplier code',
  'Leverancierscode',
  'Lieferantennummer',
  'Kod dostawcy',
  'Supplier',
  'Leverancier',
  'Lieferant',
  'Dostawca',
]);

export const warehouseCodeColumn = column('warehouseCode', 'text', false, [
  'Warehouse',
  'Magazijn',
  'Lager',
  'Magazyn',
  'Warehouse code',
  'Magazijncode',
  'Lagernummer',
  'Kod magazynu',
]);

export const itemCodeColumn = column('itemCode', 'text', true, [
  'Item code',
  'Artikelcode',
  'Artikelnummer',
  'Kod artykułu',
  'Item',
  'Artikel',
  'Artykuł',
  'SKU',
]);

export const quantityColumn = column('quantity', 'number', true, [
  'Quantity',
  'Aantal',
  'Menge',
  'Ilość',
  'Qty',
  'Hoeveelheid',
  'Anzahl',
]);
