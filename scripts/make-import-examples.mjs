// Writes docs/import-examples/<kind>.xlsx: one small workbook per importer, with the English
// headers of the importer's own columns (so they map automatically) and rows that fit the demo
// data, so a newcomer can try every importer on `npm start`'s demo database. Run after
// `npm run build` (it reads the importers' columns from the built server):
//   node scripts/make-import-examples.mjs
// e2e/specs/import-examples.spec.ts (or the server test beside the importers) checks the files
// still validate against the demo data.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';

const root = path.resolve(import.meta.dirname, '..');
const { importers } = await import(
  pathToFileURL(path.join(root, 'packages/server/dist/features/importers/importers.js')).href
);

/** Demo-data rows per importer kind: column name -> cell value. */
export const exampleRows = {
  purchase_orders: [
    {
      supplierCode: 'S0001',
      orderReference: 'PO-EX-1001',
      warehouseCode: '01',
      itemCode: 'ITEM-001',
      quantity: 120,
      dueDate: new Date(Date.UTC(2027, 0, 15)),
    },
    {
      supplierCode: 'S0001',
      orderReference: 'PO-EX-1001',
      warehouseCode: '01',
      itemCode: 'BATCH-001',
      quantity: 40,
      dueDate: new Date(Date.UTC(2027, 0, 15)),
    },
    {
      supplierCode: 'S0001',
      orderReference: 'PO-EX-1002',
      warehouseCode: '02',
      itemCode: 'ITEM-002',
      quantity: 12.5,
      dueDate: new Date(Date.UTC(2027, 0, 20)),
    },
  ],
  sales_orders: [
    {
      customerCode: 'C0001',
      orderReference: 'SO-EX-2001',
      warehouseCode: '01',
      itemCode: 'ITEM-001',
      quantity: 10,
      shipDate: new Date(Date.UTC(2027, 0, 10)),
      shipToName: 'Bakker Retail Utrecht',
      shipToStreet: 'Oudegracht 12',
      shipToPostcode: '3511 AB',
      shipToCity: 'Utrecht',
      shipToCountry: 'NL',
    },
    {
      customerCode: 'C0001',
      orderReference: 'SO-EX-2001',
      warehouseCode: '01',
      itemCode: 'ITEM-002',
      quantity: 4,
      shipDate: new Date(Date.UTC(2027, 0, 10)),
      shipToName: 'Bakker Retail Gouda',
      shipToStreet: 'Markt 3',
      shipToPostcode: '2801 JE',
      shipToCity: 'Gouda',
      shipToCountry: 'NL',
    },
    {
      customerCode: 'C0002',
      orderReference: 'SO-EX-2002',
      warehouseCode: '01',
      itemCode: 'BATCH-001',
      quantity: 6,
      shipDate: new Date(Date.UTC(2027, 0, 12)),
      shipToName: 'Müller Werkzeuge GmbH',
      shipToStreet: 'Hauptstraße 5',
      shipToPostcode: '50667',
      shipToCity: 'Köln',
      shipToCountry: 'DE',
    },
  ],
  item_prices: [
    { priceList: 'STANDARD', itemCode: 'ITEM-002', price: 4.95, currency: 'EUR', minQuantity: 0 },
    { priceList: 'STANDARD', itemCode: 'ITEM-002', price: 4.5, currency: 'EUR', minQuantity: 100 },
    { priceList: 'WHOLESALE', itemCode: 'ITEM-001', price: 0.08, currency: 'EUR', minQuantity: 1000 },
  ],
  item_translations: [
    { itemCode: 'ITEM-001', language: 'de', name: 'Sechskantschraube M8', secondName: 'verzinkt' },
    { itemCode: 'ITEM-001', language: 'nl', name: 'Zeskantbout M8', secondName: 'verzinkt' },
    { itemCode: 'BATCH-001', language: 'pl', name: 'Klej epoksydowy', secondName: '' },
  ],
  planned_goods_receipts: [
    {
      supplierCode: 'S0001',
      reference: 'ASN-EX-3001',
      warehouseCode: '01',
      itemCode: 'BATCH-001',
      quantity: 50,
      dueDate: new Date(Date.UTC(2027, 0, 8)),
      batch: 'B-EX-01',
      expirationDate: new Date(Date.UTC(2028, 5, 30)),
    },
    {
      supplierCode: 'S0001',
      reference: 'ASN-EX-3001',
      warehouseCode: '01',
      itemCode: 'SERIAL-001',
      quantity: 1,
      dueDate: new Date(Date.UTC(2027, 0, 8)),
      serial: 'SN-EX-0001',
    },
    {
      supplierCode: 'S0001',
      reference: 'ASN-EX-3001',
      warehouseCode: '01',
      itemCode: 'SERIAL-001',
      quantity: 1,
      dueDate: new Date(Date.UTC(2027, 0, 8)),
      serial: 'SN-EX-0002',
    },
  ],
  items: [
    {
      code: 'EX-ITEM-001',
      name: 'Flat washer M10',
      secondName: 'stainless',
      barcode: '8719990000014',
      units: 'pcs',
      groupName: 'Fasteners',
      managedBy: 'NORMAL',
    },
    {
      code: 'EX-ITEM-002',
      name: 'Cable tie 200 mm',
      barcode: '8719990000021',
      units: 'pcs',
      groupName: 'Electrical',
      managedBy: 'NORMAL',
    },
    {
      code: 'EX-BATCH-001',
      name: 'Silicone sealant',
      units: 'tube',
      groupName: 'Chemicals',
      managedBy: 'BATCH_NUMBER',
    },
  ],
  warehouses: [{ code: '03', name: 'Cross-dock hall' }],
  bin_locations: [
    { code: '01-EX-01', warehouseCode: '01', barcode: 'LOCEX01', locationType: 'BULK', sortingCode: 'EX01' },
    { code: '01-EX-02', warehouseCode: '01', barcode: 'LOCEX02', locationType: 'PICK', sortingCode: 'EX02' },
  ],
  business_partners: [
    {
      code: 'C0100',
      name: 'Kowalski Hurt Sp. z o.o.',
      type: 'CUSTOMER',
      addressCode: 'MAIN',
      addressName: 'Kowalski Hurt',
      street: 'ul. Długa 7',
      postcode: '00-238',
      city: 'Warszawa',
      countryCode: 'PL',
      defaultShipTo: 'yes',
    },
    { code: 'S0100', name: 'Fixings Ltd', type: 'SUPPLIER' },
  ],
  default_item_locations: [
    {
      itemCode: 'ITEM-002',
      warehouseCode: '01',
      binLocationCode: '01-A01-02',
      enforced: 'no',
      minStock: 10,
      maxStock: 200,
    },
  ],
  opening_stock: [
    { itemCode: 'ITEM-002', binLocationCode: '01-A01-02', quantity: 25 },
    {
      itemCode: 'BATCH-001',
      binLocationCode: '01-A01-02',
      quantity: 12,
      batch: 'B-OPEN-01',
      expirationDate: new Date(Date.UTC(2028, 2, 31)),
    },
    { itemCode: 'SERIAL-001', binLocationCode: '01-A01-02', quantity: 1, serial: 'SN-OPEN-01' },
  ],
};

const folder = path.join(root, 'docs', 'import-examples');
fs.mkdirSync(folder, { recursive: true });
for (const importer of importers) {
  const rows = exampleRows[importer.kind];
  if (!rows) throw new Error(`no example rows for ${importer.kind}`);
  const used = importer.columns.filter(
    (column) => column.required || rows.some((row) => row[column.name] !== undefined),
  );
  for (const row of rows)
    for (const name of Object.keys(row))
      if (!used.some((column) => column.name === name)) throw new Error(`${importer.kind}: no column ${name}`);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(Date.UTC(2026, 10, 26));
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet(importer.kind);
  sheet.addRow(used.map((column) => column.aliases[0] ?? column.name)).font = { bold: true };
  for (const row of rows) sheet.addRow(used.map((column) => row[column.name] ?? null));
  sheet.columns.forEach((column) => (column.width = 18));
  const file = path.join(folder, `${importer.kind}.xlsx`);
  await workbook.xlsx.writeFile(file);
  console.log(`wrote ${path.relative(root, file)} (${rows.length} rows)`);
}
