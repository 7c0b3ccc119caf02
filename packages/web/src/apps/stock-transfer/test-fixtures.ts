/** Demo-like fixtures of the stock transfer tests (workflow and components); never imported by the app. */
import type { BinLocation, Item, ItemFindAnswer, LocationContentRow, Serial } from '@wms/contract';
import type { HandheldServices } from '../../handheld/engine/types.js';

export function location(code: string, overrides: Partial<BinLocation> = {}): BinLocation {
  return {
    code,
    visualCode: code,
    warehouseCode: '01',
    warehouseName: 'Main warehouse',
    barcode: `BC-${code}`,
    minimalStockLevel: null,
    maximalStockLevel: null,
    locationType: 'BULK',
    physicalLocationType: 'NORMAL',
    pickingStrategy: null,
    active: true,
    stockMovementRestricted: false,
    blockStockMovements: false,
    blockStockMovementsReason: null,
    sortingCode: null,
    countingSortingCode: null,
    preferredOrderCode: null,
    requiresCounting: 'NO',
    readyForProcessing: false,
    attributes: [],
    version: 1,
    ...overrides,
  };
}

export function item(code: string, overrides: Partial<Item> = {}): Item {
  return {
    code,
    visualCode: code,
    name: `${code} name`,
    secondName: null,
    barcode: null,
    barcode2: null,
    barcode3: null,
    barcodeInvQty: 1,
    barcode2InvQty: 1,
    barcode3InvQty: 1,
    units: 'pcs',
    groupName: null,
    managedBy: 'NORMAL',
    serialManagedByDispatch: false,
    avgPrice: null,
    active: true,
    isStockItem: true,
    isSalesBomItem: false,
    isProductionItem: false,
    weightInMg: null,
    productionIssueMethod: null,
    productionMaterialToleranceValue: null,
    productionMaterialToleranceType: null,
    blockForQcType: null,
    hasBatch: false,
    serial: false,
    receiptScanPreferences: {
      scanExpirationDate: false,
      scanManufacturingDate: false,
      scanManufacturingBatch: false,
      scanManufacturingSerial: false,
    },
    imagePath: null,
    pdfPath: null,
    mlToMg: null,
    version: 1,
    ...overrides,
  };
}

const buckets = (qty: number) => ({ onHandQty: qty, freeToMoveQty: qty, releasedQty: 0, pickQty: 0, qcPendingQty: 0 });

/** A contents row of one item, with batches (code, qty) or serials (code, lot) beneath. */
export function contentRow(
  of: Item,
  qty: number,
  options: { batches?: [string, number][]; serials?: [string, string | null][] } = {},
): LocationContentRow {
  const batches: LocationContentRow['batches'] = (options.batches ?? []).map(([code, batchQty]) => ({
    code,
    visualCode: code,
    expirationDate: null,
    ...buckets(batchQty),
    serials: [],
  }));
  if (options.serials) {
    batches.push({
      code: null,
      visualCode: null,
      expirationDate: null,
      ...buckets(options.serials.length),
      serials: options.serials.map(([code, lot]) => ({
        code,
        visualCode: code,
        lotCode: lot,
        expirationDate: null,
        ...buckets(1),
      })),
    });
  }
  return {
    item: { code: of.code, visualCode: of.code, name: of.name, units: of.units },
    ...buckets(qty),
    batches,
  };
}

export const bolt = item('ITEM-001', {
  name: 'Hex bolt M8x40',
  barcode: '8712345000011',
  barcode2: '8712345000028',
  barcode2InvQty: 12,
});
export const pills = item('BATCH-001', { name: 'Paracetamol 500 mg', managedBy: 'BATCH_NUMBER', units: 'box' });
export const scanner = item('SERIAL-001', { name: 'Barcode scanner XR-5', managedBy: 'SERIAL_NUMBER' });
export const drill = item('SERIAL-002', {
  name: 'Cordless drill D18',
  managedBy: 'SERIAL_NUMBER',
  serialManagedByDispatch: true,
});

export const locations = [
  location('01-A01-01'),
  location('01-P01-01', { locationType: 'PICK' }),
  location('01-QC', { locationType: 'QC' }),
  location('01-EMPTY'),
];

export const contents: Record<string, LocationContentRow[]> = {
  '01-A01-01': [contentRow(bolt, 500), contentRow(drill, 5)],
  '01-P01-01': [
    contentRow(bolt, 48),
    contentRow(pills, 200, { batches: [['B2025-014', 200]] }),
    contentRow(scanner, 1, { serials: [['SN-0001', 'LOT-A']] }),
  ],
  '01-QC': [],
  '01-EMPTY': [],
};

const serials: Serial[] = [
  {
    code: 'SN-0001',
    visualCode: 'SN-0001',
    lotCode: 'LOT-A',
    mnfLotCode: null,
    mnfSerialCode: null,
    internalSerialCode: null,
    admissionDate: null,
    manufacturingDate: null,
    expirationDate: null,
    qualityControlApprovedOrNotRequired: true,
    itemCode: 'SERIAL-001',
    itemName: scanner.name,
  },
];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The engine's services over the fixtures (codes and barcodes without case). */
export function fakeServices(): HandheldServices & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    findItem: (code) => {
      calls.push(`findItem ${code}`);
      for (const candidate of [bolt, pills, scanner, drill]) {
        const matchedBy = same(candidate.code, code)
          ? 'CODE'
          : candidate.barcode && same(candidate.barcode, code)
            ? 'BARCODE'
            : candidate.barcode2 && same(candidate.barcode2, code)
              ? 'BARCODE2'
              : null;
        if (matchedBy) {
          const quantity = matchedBy === 'BARCODE2' ? candidate.barcode2InvQty : 1;
          return Promise.resolve<ItemFindAnswer>({ item: candidate, matchedBy, quantity });
        }
      }
      return Promise.resolve(null);
    },
    findLocation: (code) => {
      calls.push(`findLocation ${code}`);
      return Promise.resolve(locations.find((l) => same(l.code, code) || same(l.barcode ?? '', code)) ?? null);
    },
    locationContents: (code) => {
      calls.push(`locationContents ${code}`);
      return Promise.resolve(contents[code] ?? []);
    },
    findBatches: (code, itemCode) =>
      Promise.resolve(
        same(code, 'B2025-014') && same(itemCode, 'BATCH-001')
          ? [
              {
                code: 'B2025-014',
                visualCode: 'B2025-014',
                mnfBatchCode: null,
                admissionDate: null,
                manufacturingDate: null,
                expirationDate: null,
                qualityControlApprovedOrNotRequired: true,
                itemCode: 'BATCH-001',
                itemName: pills.name,
              },
            ]
          : [],
      ),
    findSerials: (code, itemCode) =>
      Promise.resolve(serials.filter((s) => same(s.code, code) && (!itemCode || same(s.itemCode, itemCode)))),
  };
}
