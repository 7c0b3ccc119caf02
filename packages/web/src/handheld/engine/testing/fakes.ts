/**
 * Fakes for the engine's unit tests: items, locations, contents, batches and serials in memory,
 * a controllable clock, and the default scanner settings.
 */
import {
  defaultSystemSettings,
  paddedCodeKey,
  sameCode,
  samePaddedCode,
  type Batch,
  type BinLocation,
  type Item,
  type ItemFindAnswer,
  type LocationContentRow,
  type Serial,
} from '@wms/contract';
import type { HandheldServices, ScaleReading, ScannerSettings, WorkflowEnv } from '../types.js';

export function makeItem(fields: Partial<Item> & { code: string }): Item {
  return {
    visualCode: fields.code,
    name: `Item ${fields.code}`,
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
    serialManagedByDispatch: true,
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
    hasBatch: fields.managedBy === 'BATCH_NUMBER',
    serial: fields.managedBy === 'SERIAL_NUMBER',
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
    ...fields,
  };
}

export function makeLocation(fields: Partial<BinLocation> & { code: string }): BinLocation {
  return {
    visualCode: fields.code,
    warehouseCode: '01',
    warehouseName: 'Main',
    barcode: null,
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
    ...fields,
  };
}

const buckets = (quantity: number) => ({
  onHandQty: quantity,
  freeToMoveQty: quantity,
  releasedQty: 0,
  pickQty: 0,
  qcPendingQty: 0,
});

/** A contents row: an item with batches (code null: no batch) holding serials ([code, lot]). */
export function contentRow(
  itemCode: string,
  quantity: number,
  batches: { code: string | null; quantity: number; serials?: [string, string | null][] }[] = [],
): LocationContentRow {
  return {
    item: { code: itemCode, visualCode: itemCode, name: `Item ${itemCode}`, units: 'pcs' },
    ...buckets(quantity),
    batches: batches.map((batch) => ({
      code: batch.code,
      visualCode: batch.code,
      expirationDate: null,
      ...buckets(batch.quantity),
      serials: (batch.serials ?? []).map(([code, lotCode]) => ({
        code,
        visualCode: code,
        lotCode,
        expirationDate: null,
        ...buckets(1),
      })),
    })),
  };
}

export function makeBatch(itemCode: string, code: string): Batch {
  return {
    code,
    visualCode: code,
    mnfBatchCode: null,
    admissionDate: null,
    manufacturingDate: null,
    expirationDate: null,
    qualityControlApprovedOrNotRequired: true,
    itemCode,
    itemName: `Item ${itemCode}`,
  };
}

export function makeSerial(itemCode: string, code: string, lotCode: string | null = null): Serial {
  return {
    code,
    visualCode: code,
    lotCode,
    mnfLotCode: null,
    mnfSerialCode: null,
    internalSerialCode: null,
    admissionDate: null,
    manufacturingDate: null,
    expirationDate: null,
    qualityControlApprovedOrNotRequired: true,
    itemCode,
    itemName: `Item ${itemCode}`,
  };
}

/** In-memory services; `calls` lists every lookup as "method:code". */
export class FakeServices implements HandheldServices {
  readonly calls: string[] = [];
  items: Item[] = [];
  locations: BinLocation[] = [];
  contents = new Map<string, LocationContentRow[]>();
  batches: Batch[] = [];
  serials: Serial[] = [];
  scale?: { read(): Promise<ScaleReading> };

  async findItem(code: string): Promise<ItemFindAnswer | null> {
    this.calls.push(`findItem:${code}`);
    for (const item of this.items) {
      if (sameCode(item.code, code)) return { item, matchedBy: 'CODE', quantity: 1 };
      const barcodes = [
        ['BARCODE', item.barcode, item.barcodeInvQty],
        ['BARCODE2', item.barcode2, item.barcode2InvQty],
        ['BARCODE3', item.barcode3, item.barcode3InvQty],
      ] as const;
      for (const [matchedBy, barcode, quantity] of barcodes) {
        if (barcode && samePaddedCode(barcode, code)) return { item, matchedBy, quantity };
      }
    }
    return null;
  }

  async findLocation(code: string): Promise<BinLocation | null> {
    this.calls.push(`findLocation:${code}`);
    return (
      this.locations.find(
        (location) => sameCode(location.code, code) || (location.barcode !== null && sameCode(location.barcode, code)),
      ) ?? null
    );
  }

  async locationContents(code: string): Promise<LocationContentRow[]> {
    this.calls.push(`locationContents:${code}`);
    return this.contents.get(code) ?? [];
  }

  async findBatches(code: string, itemCode: string): Promise<Batch[]> {
    this.calls.push(`findBatches:${code}:${itemCode}`);
    return this.batches.filter(
      (batch) => paddedCodeKey(batch.code) === paddedCodeKey(code) && sameCode(batch.itemCode, itemCode),
    );
  }

  async findSerials(code: string, itemCode?: string): Promise<Serial[]> {
    this.calls.push(`findSerials:${code}:${itemCode ?? ''}`);
    return this.serials.filter(
      (serial) => samePaddedCode(serial.code, code) && (itemCode === undefined || sameCode(serial.itemCode, itemCode)),
    );
  }
}

export function testSettings(changes: Partial<ScannerSettings> = {}): ScannerSettings {
  return { ...defaultSystemSettings.scanner, ...changes };
}

/** An env over fake services with a clock that tests move (`clock.at`, ms). */
export function makeEnv(
  services: FakeServices = new FakeServices(),
  settings: Partial<ScannerSettings> = {},
): WorkflowEnv & { services: FakeServices; clock: { at: number } } {
  const clock = { at: Date.parse('2025-06-15T10:00:00Z') };
  return { settings: testSettings(settings), services, clock, now: () => new Date(clock.at) };
}
