import type { BinLocation, LocationContentRow } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { WorkflowRunner } from '../runner.js';
import { FakeServices, contentRow, makeBatch, makeEnv, makeItem, makeLocation, makeSerial } from '../testing/fakes.js';
import type { ItemIdentification, ScannerSettings, WorkflowEffects } from '../types.js';
import { itemIdentificationSteps } from './item-identification.js';
import type { ItemIdentificationConfig } from './item-identification-rules.js';
import { nothingStep } from './nothing.js';

interface State {
  source: { location: BinLocation; contents: LocationContentRow[] | null } | null;
  ident: ItemIdentification | null;
}

const normal = makeItem({ code: 'SCREW', barcode: 'EAN-SCREW', barcode2: 'BOX-SCREW', barcode2InvQty: 12 });
const paint = makeItem({ code: 'PAINT', managedBy: 'BATCH_NUMBER', barcode: '4012345000009' });
const laptop = makeItem({ code: 'LAPTOP', managedBy: 'SERIAL_NUMBER', barcode: '8712345678906' });
const cable = makeItem({ code: 'CABLE', managedBy: 'SERIAL_NUMBER', serialManagedByDispatch: false });
const oil = makeItem({ code: 'OIL', units: 'l' });
const bin = makeLocation({ code: 'A-01' });
const tank = makeLocation({ code: 'TANK', physicalLocationType: 'LIQUID_CONTAINER' });
const single = makeLocation({ code: 'SINGLE', physicalLocationType: 'SINGLE_ITEM_LOCATION' });

function setup(
  options: {
    source?: State['source'];
    settings?: Partial<ScannerSettings>;
    config?: Partial<ItemIdentificationConfig<State>>;
  } = {},
) {
  const services = new FakeServices();
  services.items = [normal, paint, laptop, cable, oil];
  services.batches = [makeBatch('PAINT', 'B-RED'), makeBatch('PAINT', 'B-BLUE'), makeBatch('PAINT', '00123')];
  services.serials = [
    makeSerial('LAPTOP', 'SN1', 'LOT-A'),
    makeSerial('LAPTOP', 'SN2', 'LOT-B'),
    makeSerial('LAPTOP', 'SN3', null),
    makeSerial('CABLE', 'C1', 'LOT-C'),
  ];
  const env = makeEnv(services, options.settings);
  const steps = [
    ...itemIdentificationSteps<State>({
      id: 'item',
      next: 'after',
      get: (state) => state.ident,
      set: (state, ident) => ({ ...state, ident }),
      source: (state) => state.source,
      ...options.config,
    }),
    nothingStep<State>({ id: 'after' }),
  ];
  const runner = new WorkflowRunner<State>(steps, { source: options.source ?? null, ident: null }, env, 'item');
  const effects: WorkflowEffects<State>[] = [];
  runner.subscribeEffects((effect) => effects.push(effect));
  const scan = async (text: string) => {
    env.clock.at += 2000;
    await runner.input(text);
  };
  return { runner, env, services, effects, scan };
}

const danger = (key: string, args: Record<string, unknown>) => ({ variant: 'danger', key: `handheld:${key}`, args });

describe('item identification: the item step', () => {
  it('a normal item goes to next, with what one scan counts', async () => {
    const { runner, scan } = setup();
    await scan('box-screw');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toEqual({
      item: normal,
      matchedBy: 'BARCODE2',
      scanQuantity: 12_000,
      batch: null,
      lot: null,
      serial: null,
      expirationDate: null,
      scannedCode: 'box-screw',
    });
  });

  it('an unknown code warns and rolls back to the item step, clearing what was identified', async () => {
    const { runner, scan, effects } = setup();
    await scan('SCREW');
    runner.goTo('item');
    await scan('NOPE');
    expect(runner.stepId).toBe('item');
    expect(runner.state.ident).toBeNull();
    expect(effects.at(-1)).toMatchObject({
      notices: [{ variant: 'warning', key: 'handheld:itemIdentification.unknownItemForCode', args: { code: 'NOPE' } }],
      sounds: ['error'],
    });
  });

  it('an item that is not allowed is itemIdentification.itemIsNotAllowed {item}', async () => {
    const { runner, scan, effects } = setup({ config: { isItemAllowed: (_state, item) => item.code !== 'SCREW' } });
    await scan('SCREW');
    expect(runner.stepId).toBe('item');
    expect(runner.state.ident).toBeNull();
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.itemIsNotAllowed', { item: 'SCREW' })]);
  });

  it('another item than the expected one is wrongItemScanned', async () => {
    const { runner, scan, effects } = setup({ config: { expectedItemCode: () => 'paint' } });
    await scan('SCREW');
    expect(effects.at(-1)!.notices).toEqual([danger('wrongItemScanned', { expected: 'paint', scanned: 'SCREW' })]);
    await scan('PAINT');
    expect(runner.stepId).toBe('itemBatch');
  });

  it('an empty Enter waits', async () => {
    const { runner, scan, effects } = setup();
    await scan('');
    expect(runner.stepId).toBe('item');
    expect(effects).toEqual([]);
  });
});

describe('item identification: batches', () => {
  it('a batch-managed item asks for the batch; unknown batches are refused; padded codes match', async () => {
    const { runner, scan, effects } = setup();
    await scan('PAINT');
    expect(runner.stepId).toBe('itemBatch');
    expect(runner.snapshot.prompt).toEqual({ key: 'handheld:prompt.batch', args: { item: 'PAINT', lot: '' } });
    await scan('B-GREEN');
    expect(runner.stepId).toBe('itemBatch');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownBatchForCode', { code: 'B-GREEN' })]);
    await scan('123');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ item: { code: 'PAINT' }, batch: '00123' });
  });

  it('auto-selects the only batch on the source location (setting on), else asks', async () => {
    const contents = [contentRow('PAINT', 5, [{ code: 'B-RED', quantity: 5 }])];
    const auto = setup({ source: { location: bin, contents } });
    await auto.scan('PAINT');
    expect(auto.runner.stepId).toBe('after');
    expect(auto.runner.state.ident?.batch).toBe('B-RED');
    const off = setup({
      source: { location: bin, contents },
      settings: { scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneOnLocation: false },
    });
    await off.scan('PAINT');
    expect(off.runner.stepId).toBe('itemBatch');
  });

  it('a known batch that is not on the source location is unknownBatchCode', async () => {
    const contents = [
      contentRow('PAINT', 5, [
        { code: 'B-RED', quantity: 3 },
        { code: '00123', quantity: 2 },
      ]),
    ];
    const { runner, scan, effects } = setup({ source: { location: bin, contents } });
    await scan('PAINT');
    expect(runner.stepId).toBe('itemBatch');
    await scan('B-BLUE');
    expect(effects.at(-1)!.notices).toEqual([danger('unknownBatchCode', { code: 'B-BLUE' })]);
    await scan('b-red');
    expect(runner.state.ident?.batch).toBe('B-RED');
  });

  it('auto-selects the only allowed batch (setting on) and refuses others', async () => {
    const auto = setup({ config: { allowedBatches: () => ['B-BLUE'] } });
    await auto.scan('PAINT');
    expect(auto.runner.state.ident?.batch).toBe('B-BLUE');
    const ask = setup({
      config: { allowedBatches: () => ['B-BLUE'] },
      settings: { scannerItemIdentificationBatchAllowAutoSelectIfOnlyOneAllowed: false },
    });
    await ask.scan('PAINT');
    await ask.scan('B-RED');
    expect(ask.effects.at(-1)!.notices).toEqual([danger('unknownBatchCode', { code: 'B-RED' })]);
  });

  it('a compound barcode carrying the batch fills it without a batch scan', async () => {
    const { runner, scan } = setup();
    await scan('(01)04012345000009(10)B-RED(17)261231(30)6');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({
      item: { code: 'PAINT' },
      batch: 'B-RED',
      scanQuantity: 6000,
      expirationDate: '2026-12-31',
    });
  });

  it('a compound barcode with an unknown batch is refused', async () => {
    const { runner, scan, effects } = setup();
    await scan('(01)04012345000009(10)B-PINK');
    expect(runner.stepId).toBe('item');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownBatchForCode', { code: 'B-PINK' })]);
  });

  it('scanning another item at the batch step starts over with that item', async () => {
    const { runner, scan } = setup();
    await scan('PAINT');
    await scan('SCREW');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident?.item.code).toBe('SCREW');
  });

  it('the batch step without an identified item goes back to the item step', async () => {
    const { runner } = setup();
    runner.goTo('itemBatch');
    await runner.idle();
    await runner.input('B-RED');
    expect(runner.stepId).toBe('item');
  });
});

describe('item identification: lots and serials', () => {
  it('a serial-managed item asks for the lot, then the serial (with the serial sound)', async () => {
    const { runner, scan, effects } = setup();
    await scan('LAPTOP');
    expect(runner.stepId).toBe('itemLot');
    await scan('LOT-A');
    expect(runner.stepId).toBe('itemSerial');
    expect(runner.state.ident).toMatchObject({ lot: 'LOT-A', serial: null });
    await scan('SN2');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownSerialForCode', { code: 'SN2' })]);
    await scan('SN9');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownSerialForCode', { code: 'SN9' })]);
    await scan('sn1');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ lot: 'LOT-A', serial: 'SN1' });
    expect(effects.at(-1)!.sounds).toEqual(['serial']);
  });

  it('a serial scanned at the lot step identifies lot and serial at once', async () => {
    const { runner, scan } = setup();
    await scan('LAPTOP');
    await scan('SN2');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ lot: 'LOT-B', serial: 'SN2' });
  });

  it('with LotAlwaysEmpty the lot step is skipped and the lot stays empty', async () => {
    const { runner, scan } = setup({ settings: { scannerItemIdentificationLotAlwaysEmpty: true } });
    await scan('LAPTOP');
    expect(runner.stepId).toBe('itemSerial');
    expect(runner.state.ident?.lot).toBeNull();
    await scan('SN1');
    expect(runner.state.ident).toMatchObject({ serial: 'SN1', lot: 'LOT-A' });
  });

  it('serials not managed by dispatch skip the serial step after the lot', async () => {
    const { runner, scan } = setup();
    await scan('CABLE');
    expect(runner.stepId).toBe('itemLot');
    await scan('LOT-C');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ lot: 'LOT-C', serial: null });
  });

  it('auto-selects the only lot on the location, and the only serial when its setting is on', async () => {
    const contents = [contentRow('LAPTOP', 1, [{ code: null, quantity: 1, serials: [['SN1', 'LOT-A']] }])];
    const lotOnly = setup({ source: { location: bin, contents } });
    await lotOnly.scan('LAPTOP');
    expect(lotOnly.runner.stepId).toBe('itemSerial');
    expect(lotOnly.runner.state.ident?.lot).toBe('LOT-A');
    const both = setup({
      source: { location: bin, contents },
      settings: { scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneOnLocation: true },
    });
    await both.scan('LAPTOP');
    expect(both.runner.stepId).toBe('after');
    expect(both.runner.state.ident).toMatchObject({ lot: 'LOT-A', serial: 'SN1' });
    expect(both.effects.at(-1)!.sounds).toEqual(['serial']);
  });

  it('auto-selects the only allowed lot and serial when those settings are on', async () => {
    const { runner, scan } = setup({
      config: { allowedLots: () => ['LOT-B'], allowedSerials: () => ['SN2'] },
      settings: { scannerItemIdentificationSerialAllowAutoSelectIfOnlyOneAllowed: true },
    });
    await scan('LAPTOP');
    expect(runner.state.ident).toMatchObject({ lot: 'LOT-B', serial: 'SN2' });
  });

  it('lots and serials not on the source location are refused; the empty lot only when present', async () => {
    const contents = [
      contentRow('LAPTOP', 2, [
        {
          code: null,
          quantity: 2,
          serials: [
            ['SN1', 'LOT-A'],
            ['SN2', 'LOT-B'],
          ],
        },
      ]),
    ];
    const { runner, scan, effects } = setup({ source: { location: bin, contents } });
    await scan('LAPTOP');
    expect(runner.stepId).toBe('itemLot');
    await scan('');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownBatchForCode', { code: '' })]);
    await scan('LOT-Z');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownBatchForCode', { code: 'LOT-Z' })]);
    await scan('SN3');
    expect(effects.at(-1)!.notices).toEqual([danger('itemIdentification.unknownBatchForCode', { code: 'SN3' })]);
    await scan('lot-b');
    expect(runner.stepId).toBe('itemSerial');
    expect(runner.state.ident?.lot).toBe('LOT-B');
  });

  it('without contents any lot text is taken and the serial must belong to it', async () => {
    const { runner, scan } = setup();
    await scan('LAPTOP');
    await scan('');
    expect(runner.state.ident?.lot).toBeNull();
    await scan('SN3');
    expect(runner.state.ident).toMatchObject({ lot: null, serial: 'SN3' });
  });

  it('a GS1 barcode with a serial (compound type serial) fills lot and serial', async () => {
    const { runner, scan, effects } = setup();
    await scan('(01)08712345678906(21)SN2');
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ item: { code: 'LAPTOP' }, lot: 'LOT-B', serial: 'SN2' });
    expect(effects.at(-1)!.sounds).toEqual(['serial']);
  });
});

describe('item identification: liquid containers and single-item locations', () => {
  it('a liquid container with exactly one item identifies it on entering', async () => {
    const { runner } = setup({ source: { location: tank, contents: [contentRow('OIL', 500)] } });
    await runner.idle();
    expect(runner.stepId).toBe('after');
    expect(runner.state.ident).toMatchObject({ item: { code: 'OIL' }, scannedCode: null, scanQuantity: 1000 });
  });

  it('a single-item location with one batch-managed item goes on to auto-select its batch', async () => {
    const contents = [contentRow('PAINT', 4, [{ code: 'B-BLUE', quantity: 4 }])];
    const { runner } = setup({ source: { location: single, contents } });
    await runner.idle();
    expect(runner.state.ident).toMatchObject({ item: { code: 'PAINT' }, batch: 'B-BLUE' });
  });

  it('an empty liquid container is noItemsInLiquidContainer; two items wait for a scan', async () => {
    const empty = setup({ source: { location: tank, contents: [] } });
    await empty.runner.idle();
    expect(empty.runner.stepId).toBe('item');
    expect(empty.effects.at(-1)!.notices).toEqual([danger('noItemsInLiquidContainer', { location: 'TANK' })]);
    const two = setup({ source: { location: single, contents: [contentRow('OIL', 1), contentRow('SCREW', 1)] } });
    await two.runner.idle();
    expect(two.runner.stepId).toBe('item');
    expect(two.effects).toEqual([]);
  });

  it('a normal location with one item still waits for the scan', async () => {
    const { runner } = setup({ source: { location: bin, contents: [contentRow('OIL', 1)] } });
    await runner.idle();
    expect(runner.stepId).toBe('item');
  });
});
