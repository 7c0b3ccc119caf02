import type { Item } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { FakeServices, makeEnv, makeItem } from '../testing/fakes.js';
import { quantityStep } from './quantity.js';

interface State {
  qty: number;
  item: Item | null;
  batch: string | null;
  target: number | null;
}

const screws = makeItem({
  code: 'SCREW',
  barcode: '8712345678906',
  barcode2: 'BOX12',
  barcode2InvQty: 12,
  units: 'pcs',
});
const oil = makeItem({ code: 'OIL', units: 'kg', mlToMg: 920 });
const water = makeItem({ code: 'WATER', units: 'l', mlToMg: 1000 });
const grain = makeItem({ code: 'GRAIN', units: 'kg' });
const batched = makeItem({ code: 'PAINT', managedBy: 'BATCH_NUMBER', barcode: '4012345000009' });

const step = quantityStep<State>({
  id: 'quantity',
  next: 'next',
  get: (state) => state.qty,
  set: (state, qty) => ({ ...state, qty }),
  item: (state) => state.item,
  batch: (state) => state.batch,
  target: (state) => state.target,
});

function setup(item: Item | null = screws, fields: Partial<State> = {}, settings = {}) {
  const services = new FakeServices();
  services.items = [screws, oil, water, grain, batched];
  const env = makeEnv(services, settings);
  const state: State = { qty: 0, item, batch: null, target: null, ...fields };
  return { env, state, input: (text: string, from: State = state) => step.input(from, text, env) };
}

const refused = (key: string, args: Record<string, unknown>) => ({
  next: 'stay',
  notices: [{ variant: 'danger', key: `handheld:${key}`, args }],
  sounds: ['error'],
});

describe('quantity step', () => {
  it('a plain number replaces the quantity and confirms', async () => {
    const { input, state } = setup(screws, { qty: 3000 });
    expect(await input('5')).toEqual({ state: { ...state, qty: 5000 }, next: 'next' });
    expect((await input('2,5')).state.qty).toBe(2500);
  });

  it('OK or an empty Enter confirms the quantity so far; confirming nothing is notANumber', async () => {
    const { input, state } = setup(screws, { qty: 4000 });
    expect(await input('[OK]')).toEqual({ state, next: 'next' });
    expect(await input('[ok]')).toEqual({ state, next: 'next' });
    expect(await input('')).toEqual({ state, next: 'next' });
    const empty = setup(screws);
    expect(await empty.input('')).toMatchObject({ state: empty.state, ...refused('notANumber', { value: '' }) });
    expect(await empty.input('0')).toMatchObject({ state: empty.state, ...refused('notANumber', { value: '0' }) });
  });

  it('plus and minus codes add and subtract their amount and stay', async () => {
    const { input, state } = setup(screws, { qty: 2000 });
    expect(await input('[PLUS3]')).toEqual({ state: { ...state, qty: 5000 }, next: 'stay' });
    expect(await input('[PLUS0.5]')).toEqual({ state: { ...state, qty: 2500 }, next: 'stay' });
    expect(await input('[MIN1]')).toEqual({ state: { ...state, qty: 1000 }, next: 'stay' });
    expect(await input('[MIN5]')).toEqual({ state: { ...state, qty: 0 }, next: 'stay' });
  });

  it('plus without a capture group counts one', async () => {
    const { state, env } = setup(screws);
    env.settings = { ...env.settings, scannerPlus: '^\\+$' };
    expect((await step.input(state, '+', env)).state.qty).toBe(1000);
  });

  it('an amount above scannerQtyMaxAtOnce is qtyTooLarge', async () => {
    const { input, state } = setup(screws, {}, { scannerQtyMaxAtOnce: 100 });
    expect(await input('101')).toMatchObject({ state, ...refused('qtyTooLarge', { quantity: 101, max: 100 }) });
    expect(await input('[PLUS150]')).toMatchObject({ state, ...refused('qtyTooLarge', { quantity: 150, max: 100 }) });
    expect((await input('100')).state.qty).toBe(100_000);
  });

  it('text that is no number, unit or item code is notANumber', async () => {
    const { input, state } = setup();
    expect(await input('abc')).toMatchObject({ state, ...refused('notANumber', { value: 'abc' }) });
    expect(await input('1.2.3')).toMatchObject({ state, ...refused('notANumber', { value: '1.2.3' }) });
  });

  it('a number with a unit converts into the item’s unit and confirms', async () => {
    expect((await setup(grain).input('500 g')).state.qty).toBe(500);
    expect((await setup(grain).input('2.5KG')).state.qty).toBe(2500);
    expect((await setup(water).input('500ml')).state.qty).toBe(500);
    expect((await setup(water).input('2 kg')).state.qty).toBe(2000);
    const oilLitre = await setup(oil).input('1 l');
    expect(oilLitre).toMatchObject({ state: { qty: 920 }, next: 'next' });
  });

  it('units that cannot be matched are couldNotMatchUnits {unit, targetUnit}', async () => {
    const pieces = setup(screws);
    expect(await pieces.input('2 kg')).toMatchObject({
      state: pieces.state,
      ...refused('couldNotMatchUnits', { unit: 'kg', targetUnit: 'pcs' }),
    });
    expect(await setup(grain).input('1 l')).toMatchObject(
      refused('couldNotMatchUnits', { unit: 'l', targetUnit: 'kg' }),
    );
    expect(await setup(grain).input('3 lb')).toMatchObject(
      refused('couldNotMatchUnits', { unit: 'lb', targetUnit: 'kg' }),
    );
  });

  it('a converted amount above the maximum is qtyTooLarge', async () => {
    const { input } = setup(grain, {}, { scannerQtyMaxAtOnce: 10 });
    expect(await input('11000 g')).toMatchObject(refused('qtyTooLarge', { quantity: 11, max: 10 }));
  });

  it('a scan of the item’s barcodes adds its barcodeInvQty (case-insensitive) and stays', async () => {
    const { input, state } = setup(screws, { qty: 1000 });
    expect(await input('box12')).toEqual({ state: { ...state, qty: 13_000 }, next: 'stay' });
    expect(await input('8712345678906')).toEqual({ state: { ...state, qty: 2000 }, next: 'stay' });
    expect(await input('SCREW')).toEqual({ state: { ...state, qty: 2000 }, next: 'stay' });
  });

  it('with a target, scans repeat until it is reached, then a beep and next', async () => {
    const { input, state } = setup(screws, { target: 20_000 });
    const first = await input('BOX12');
    expect(first).toEqual({ state: { ...state, qty: 12_000 }, next: 'stay' });
    const second = await input('BOX12', first.state);
    expect(second).toEqual({ state: { ...state, qty: 24_000 }, next: 'next', sounds: ['beep'] });
    const exact = await input('[PLUS20]');
    expect(exact).toMatchObject({ next: 'next', sounds: ['beep'] });
  });

  it('the prompt shows the quantity, the target and the unit', () => {
    const { state } = setup(screws, { qty: 2500, target: 10_000 });
    expect(step.prompt(state)).toEqual({
      key: 'handheld:prompt.quantityOfTarget',
      args: { quantity: 2.5, target: 10, units: 'pcs' },
    });
    expect(step.prompt({ ...state, target: null })).toEqual({
      key: 'handheld:prompt.quantity',
      args: { quantity: 2.5, units: 'pcs' },
    });
  });

  it('another item scanned is wrongItemScanned', async () => {
    const { input, state } = setup(screws);
    expect(await input('GRAIN')).toMatchObject({
      state,
      ...refused('wrongItemScanned', { expected: 'SCREW', scanned: 'GRAIN' }),
    });
  });

  it('a GS1 barcode of the item counts its AI 30 count', async () => {
    const { input } = setup(screws);
    expect((await input('(01)08712345678906(30)4')).state.qty).toBe(4000);
    expect((await input('(01)08712345678906')).state.qty).toBe(1000);
  });

  it('batch-managed items need a scan with the batch unless the setting allows scans without batch check', async () => {
    const strict = setup(batched, { batch: 'B1' });
    expect(await strict.input('4012345000009')).toMatchObject(
      refused('batchCodeNotPresentForValidation', { item: 'PAINT' }),
    );
    expect((await strict.input('(01)04012345000009(10)B1')).state.qty).toBe(1000);
    expect(await strict.input('(01)04012345000009(10)B2')).toMatchObject(
      refused('wrongItemScanned', { expected: 'PAINT B1', scanned: 'PAINT B2' }),
    );
    const loose = setup(batched, { batch: 'B1' }, { scannerQtyAllowBatchSerialItemScanWithoutBatchCheck: true });
    expect((await loose.input('4012345000009')).state.qty).toBe(1000);
  });
});
