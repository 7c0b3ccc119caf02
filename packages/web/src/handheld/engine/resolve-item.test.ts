import { describe, expect, it } from 'vitest';
import {
  batchesOnLocation,
  itemScanQuantity,
  lotsOnLocation,
  scanQuantityOf,
  serialsOnLocation,
} from './item-codes.js';
import { failureNotice, noticeKey } from './outcomes.js';
import { quantityCommand, settingsPattern } from './patterns.js';
import { resolveItemScan } from './resolve-item.js';
import { FakeServices, contentRow, makeEnv, makeItem, makeSerial, testSettings } from './testing/fakes.js';

function env() {
  const services = new FakeServices();
  services.items = [
    makeItem({ code: 'SCREW', barcode: '8712345678906', barcode3: 'PALLET', barcode3InvQty: 1000 }),
    makeItem({ code: '10ABC' }),
    makeItem({ code: 'LAPTOP', managedBy: 'SERIAL_NUMBER' }),
  ];
  services.serials = [makeSerial('LAPTOP', 'SN-77', 'LOT-1')];
  return makeEnv(services);
}

describe('resolveItemScan', () => {
  it('finds an item by code or barcode as scanned', async () => {
    const e = env();
    expect(await resolveItemScan('pallet', e)).toMatchObject({
      answer: { item: { code: 'SCREW' }, matchedBy: 'BARCODE3', quantity: 1000 },
    });
    expect((await resolveItemScan('10ABC', e))?.answer.item.code).toBe('10ABC');
  });

  it('reads GS1 data and tries every GTIN form', async () => {
    const e = env();
    const found = await resolveItemScan(']C101087123456789061012345', e);
    expect(found?.answer.item.code).toBe('SCREW');
    expect(found?.barcode).toMatchObject({ itemCode: '08712345678906', batchCode: '12345' });
    expect(e.services.calls).toEqual(['findItem:08712345678906']);
  });

  it('looks a GS1 serial without a GTIN up as a serial', async () => {
    const found = await resolveItemScan('(21)SN-77', env());
    expect(found?.answer.item.code).toBe('LAPTOP');
    expect(found?.barcode?.serialCode).toBe('SN-77');
  });

  it('answers null when no reading names an item, asking each code once', async () => {
    const e = env();
    expect(await resolveItemScan('NOTHING', e)).toBeNull();
    expect(e.services.calls).toEqual(['findItem:NOTHING']);
  });
});

describe('item codes and contents', () => {
  const item = makeItem({ code: 'X', barcode: '123', barcodeInvQty: 6, barcode2: 'B2', barcode2InvQty: 0 });

  it('counts scans of the code (1), barcodes (their quantity, 1 when not positive), padded and without case', () => {
    expect(itemScanQuantity(item, 'x')).toBe(1000);
    expect(itemScanQuantity(item, '000123')).toBe(6000);
    expect(itemScanQuantity(item, 'b2')).toBe(1000);
    expect(itemScanQuantity(item, 'B3')).toBeNull();
    expect(scanQuantityOf(2.5)).toBe(2500);
    expect(scanQuantityOf(null)).toBe(1000);
  });

  it('lists batches, serials and lots of an item on a location', () => {
    const contents = [
      contentRow('X', 3, [
        { code: 'B1', quantity: 1 },
        {
          code: null,
          quantity: 2,
          serials: [
            ['S1', 'L1'],
            ['S2', null],
            ['S3', 'l1'],
          ],
        },
      ]),
      contentRow('Y', 1, [{ code: 'B9', quantity: 1 }]),
    ];
    expect(batchesOnLocation(contents, 'x')).toEqual(['B1']);
    expect(serialsOnLocation(contents, 'X').map((serial) => serial.code)).toEqual(['S1', 'S2', 'S3']);
    expect(lotsOnLocation(contents, 'X')).toEqual(['L1', null]);
  });
});

describe('outcome helpers and settings patterns', () => {
  it('puts the engine’s keys in the handheld namespace and leaves others as they are', () => {
    expect(noticeKey('notANumber')).toBe('handheld:notANumber');
    expect(noticeKey('itemIdentification.unknownItemForCode')).toBe('handheld:itemIdentification.unknownItemForCode');
    expect(noticeKey('unknownLocation')).toBe('unknownLocation');
    expect(noticeKey('device:peripherals.notConnected')).toBe('device:peripherals.notConnected');
    expect(failureNotice('x')).toEqual({ variant: 'danger', key: 'handheld:stepFailed', args: { message: 'x' } });
  });

  it('reads OK, plus and minus codes without regard to case; bad patterns never match', () => {
    const settings = testSettings();
    expect(quantityCommand('[ok]', settings)).toEqual({ kind: 'ok' });
    expect(quantityCommand('[plus2.5]', settings)).toEqual({ kind: 'plus', amount: '2.5' });
    expect(quantityCommand('[MIN3]', settings)).toEqual({ kind: 'minus', amount: '3' });
    expect(quantityCommand('5', settings)).toBeNull();
    expect(settingsPattern('(')).toBeNull();
    expect(settingsPattern('')).toBeNull();
    expect(quantityCommand('(', { ...settings, scannerOk: '(' })).toBeNull();
  });
});
