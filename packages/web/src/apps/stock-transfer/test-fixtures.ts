/** Demo-like fixtures of the stock transfer tests (workflow and components); never imported by the app. */
import type {
  BinLocation,
  Item,
  LocationContentRow,
  StockTransferAnswer,
  StockTransferLinesRequest,
} from '@wms/contract';
import {
  contentRow as engineContentRow,
  FakeServices,
  makeBatch,
  makeItem,
  makeLocation,
  makeSerial,
} from '../../handheld/engine/testing/fakes.js';

export function location(code: string, overrides: Partial<BinLocation> = {}): BinLocation {
  return makeLocation({ code, warehouseName: 'Main warehouse', barcode: `BC-${code}`, ...overrides });
}

export function item(code: string, overrides: Partial<Item> = {}): Item {
  return makeItem({
    code,
    name: `${code} name`,
    serialManagedByDispatch: false,
    hasBatch: false,
    serial: false,
    ...overrides,
  });
}

/** A contents row of one item, with batches (code, qty) or serials (code, lot) beneath. */
export function contentRow(
  of: Item,
  qty: number,
  options: { batches?: [string, number][]; serials?: [string, string | null][] } = {},
): LocationContentRow {
  const batches = (options.batches ?? []).map(([code, quantity]) => ({ code, quantity }));
  const { serials } = options;
  const row = engineContentRow(
    of.code,
    qty,
    serials ? [...batches, { code: null, quantity: serials.length, serials }] : batches,
  );
  return { ...row, item: { code: of.code, visualCode: of.code, name: of.name, units: of.units } };
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

/** The engine's services over the fixtures (codes and barcodes without case). */
export function fakeServices(): FakeServices {
  const services = new FakeServices();
  services.items = [bolt, pills, scanner, drill];
  services.locations = locations;
  services.contents = new Map(Object.entries(contents));
  services.batches = [{ ...makeBatch('BATCH-001', 'B2025-014'), itemName: pills.name }];
  services.serials = [{ ...makeSerial('SERIAL-001', 'SN-0001', 'LOT-A'), itemName: scanner.name }];
  return services;
}

/** The server's answer to a lines transfer that moved every line as asked. */
export function movedAnswer(request: StockTransferLinesRequest, transferId = 'T'): StockTransferAnswer {
  return {
    transferId,
    lines: request.lines.map((line) => ({
      item: line.item,
      itemName: '',
      batch: line.batch ?? null,
      serial: line.serial ?? null,
      fromLocation: line.fromLocation,
      toLocation: request.toLocation,
      quantity: line.quantity,
      qcPending: false,
    })),
  };
}
