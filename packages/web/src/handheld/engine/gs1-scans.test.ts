import { describe, expect, it } from 'vitest';
import { resolveItemScan } from './resolve-item.js';
import { WorkflowRunner } from './runner.js';
import { findDateStep } from './steps/find-date.js';
import { finishStep } from './steps/finish.js';
import { itemIdentificationSteps } from './steps/item-identification.js';
import { quantityStep } from './steps/quantity.js';
import { FakeServices, makeBatch, makeEnv, makeItem } from './testing/fakes.js';
import type { ItemIdentification, Step, WorkflowEffects } from './types.js';

const GS = '\x1d';
const paintGtin = '09506000134352';
const boltGtin = '09501101020917';
const boltCaseGtin = '19501101020914';
const sscc = '106141411234567897';

interface CountState {
  ident: ItemIdentification | null;
  quantity: number;
}

/** Item (batch, lot, serial), then the quantity it starts from, as the apps count a scan. */
function countWorkflow(): Step<CountState>[] {
  return [
    ...itemIdentificationSteps<CountState>({
      id: 'item',
      next: 'quantity',
      get: (state) => state.ident,
      set: (state, ident) => ({ ...state, ident, quantity: ident?.scanQuantity ?? 0 }),
    }),
    quantityStep<CountState>({
      id: 'quantity',
      next: 'done',
      get: (state) => state.quantity,
      set: (state, quantity) => ({ ...state, quantity }),
      item: (state) => state.ident?.item ?? null,
      batch: (state) => state.ident?.batch ?? null,
    }),
    finishStep<CountState>({ id: 'done' }),
  ];
}

function setup() {
  const services = new FakeServices();
  services.items = [
    makeItem({ code: 'PAINT', managedBy: 'BATCH_NUMBER', barcode: paintGtin }),
    makeItem({ code: 'BOLT', barcode: boltGtin }),
    makeItem({ code: 'BOLT-CASE', barcode: boltCaseGtin, barcodeInvQty: 50 }),
  ];
  services.batches = [makeBatch('PAINT', 'L-1'), makeBatch('PAINT', 'L-117250101')];
  const env = makeEnv(services);
  const runner = new WorkflowRunner<CountState>(countWorkflow(), { ident: null, quantity: 0 }, env, 'item');
  const effects: WorkflowEffects<CountState>[] = [];
  runner.subscribeEffects((effect) => effects.push(effect));
  /** A scan `afterMs` after the one before (default 1.5 s, past the double-read window). */
  const scan = async (text: string, afterMs = 1500) => {
    env.clock.at += afterMs;
    await runner.input(text);
  };
  const lastNotices = () => effects.at(-1)?.notices ?? [];
  return { runner, scan, effects, lastNotices, env, services };
}

describe('GS1 counts on the handheld', () => {
  it('takes the count (37) for the contained trade item (02), and adds it again on a rescan', async () => {
    const { runner, scan } = setup();
    const label = `]C100${sscc}02${boltGtin}3712${GS}10L-9`;
    await scan(label);
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.ident).toMatchObject({ item: { code: 'BOLT' }, scanQuantity: 12_000 });
    await scan(label);
    expect(runner.state.quantity).toBe(24_000);
    await scan('');
    expect(runner.snapshot.finished).toBe(true);
    expect(runner.state.quantity).toBe(24_000);
  });

  it('refuses (01) with (37) at the scan: no count is booked against the outer item', async () => {
    const { runner, scan, lastNotices } = setup();
    for (const label of [`(01)${boltCaseGtin}(37)12`, `01${boltCaseGtin}3712`]) {
      await scan(label);
      expect(lastNotices()).toEqual([
        { variant: 'danger', key: 'gs1InvalidCombination', args: { first: '01', second: '37' } },
      ]);
      expect(runner.stepId).toBe('item');
      expect(runner.state).toEqual({ ident: null, quantity: 0 });
    } // The outer (01) beside the contained (02) and its count: refused, never counted against BOLT-CASE.
    await scan(`(01)${boltCaseGtin}(02)${boltGtin}(37)12`);
    expect(lastNotices()).toEqual([
      { variant: 'danger', key: 'gs1InvalidCombination', args: { first: '01', second: '02' } },
    ]);
    expect(runner.state).toEqual({ ident: null, quantity: 0 });
  });

  it('refuses two net weights and a content GTIN without its count, at the quantity step too', async () => {
    const { runner, scan, lastNotices } = setup();
    await scan(`(01)${paintGtin}(3103)000189(3102)001234(10)L-1`);
    expect(lastNotices()).toEqual([
      { variant: 'danger', key: 'gs1InvalidCombination', args: { first: '3103', second: '3102' } },
    ]);
    await scan('BOLT');
    expect(runner.stepId).toBe('quantity');
    await scan(`(02)${boltGtin}(10)L-9`);
    expect(lastNotices()).toEqual([
      { variant: 'danger', key: 'gs1MissingCompanion', args: { ai: '02', required: '37' } },
    ]);
    expect(runner.state.quantity).toBe(1000);
  });

  it('refuses a count of 0 instead of counting the scan as one', async () => {
    const { runner, scan, lastNotices } = setup();
    await scan(`(02)${boltGtin}(37)0`);
    expect(lastNotices()).toEqual([{ variant: 'danger', key: 'gs1ZeroCount', args: { ai: '37' } }]);
    expect(runner.state).toEqual({ ident: null, quantity: 0 });
  });

  it('refuses an impossible date with its key', async () => {
    const { runner, scan, lastNotices } = setup();
    await scan(`]d201${paintGtin}17250230${'10'}L-1`);
    expect(lastNotices()).toEqual([{ variant: 'danger', key: 'gs1InvalidDate', args: { ai: '17', value: '250230' } }]);
    expect(runner.stepId).toBe('item');
  });

  it('refuses an impossible GS1 date at a date step with its key, and still takes a valid one', async () => {
    const step = findDateStep<{ date: string | null }>({
      id: 'date',
      next: 'next',
      format: 'DD-MM-YYYY',
      set: (_state, _date, isoDate) => ({ date: isoDate }),
    });
    const { env } = setup();
    const state = { date: null };
    expect(await step.input(state, `(01)${paintGtin}(17)250230`, env)).toEqual({
      state,
      next: 'stay',
      notices: [{ variant: 'danger', key: 'gs1InvalidDate', args: { ai: '17', value: '250230' } }],
      sounds: ['error'],
    });
    expect(await step.input(state, `(01)${paintGtin}(17)250228`, env)).toEqual({
      state: { date: '2025-02-28' },
      next: 'next',
    });
  });
});

describe('a batch that may hold an expiry date whose separator was lost', () => {
  const label = `01${paintGtin}10L-117250101`;

  async function asked() {
    const context = setup();
    await context.scan(label);
    expect(context.lastNotices()).toEqual([
      {
        variant: 'warning',
        key: 'handheld:scanConfirmation.batchMayHoldExpiry',
        args: { batch: 'L-117250101', expiry: '2025-01-01', item: 'PAINT' },
      },
    ]);
    expect(context.effects.at(-1)?.sounds).toEqual(['error']);
    expect(context.runner.stepId).toBe('item');
    expect(context.runner.state.ident).toBeNull();
    expect(context.runner.snapshot.prompt).toEqual({
      key: 'handheld:prompt.confirmBatch',
      args: { batch: 'L-117250101', expiry: '2025-01-01', item: 'PAINT' },
    });
    return context;
  }

  it('asks first, and books the batch when the label is scanned again (even within 1 s)', async () => {
    const { runner, scan } = await asked();
    await scan(label, 400);
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.ident).toMatchObject({ item: { code: 'PAINT' }, batch: 'L-117250101' });
  });

  it.each(['yes', 'JA', 'tak', '[OK]'])('books it on %s', async (answer) => {
    const { runner, scan } = await asked();
    await scan(answer);
    expect(runner.state.ident?.batch).toBe('L-117250101');
    expect(runner.stepId).toBe('quantity');
  });

  it.each(['', 'no', 'nee'])('cancels on %j, using nothing', async (answer) => {
    const { runner, scan, lastNotices } = await asked();
    await scan(answer);
    expect(lastNotices()).toEqual([
      { variant: 'info', key: 'handheld:scanConfirmation.cancelled', args: { code: label } },
    ]);
    expect(runner.stepId).toBe('item');
    expect(runner.state.ident).toBeNull();
    expect(runner.snapshot.prompt).toEqual({ key: 'handheld:prompt.item' });
  });

  it('cancels on any other scan, which is then read as a scan of its own', async () => {
    const { runner, scan, lastNotices } = await asked();
    await scan(`(01)${paintGtin}(10)L-1`);
    expect(lastNotices()[0]).toMatchObject({ key: 'handheld:scanConfirmation.cancelled' });
    expect(runner.state.ident).toMatchObject({ item: { code: 'PAINT' }, batch: 'L-1' });
  });

  it('asks again after a cancel, and only for that scan', async () => {
    const { runner, scan, lastNotices } = await asked();
    await scan('no');
    await scan(label);
    expect(lastNotices()[0]?.key).toBe('handheld:scanConfirmation.batchMayHoldExpiry');
    expect(runner.state.ident).toBeNull();
  });

  it('does not ask for an item whose batch is not used, nor for a delimited batch', async () => {
    const { env } = setup();
    const bolt = await resolveItemScan(`01${boltGtin}10L-117250101`, env);
    expect(bolt?.barcode?.batchCode).toBe('L-117250101');
    const delimited = await resolveItemScan(`(01)${paintGtin}(10)L-117250101`, env);
    expect(delimited?.barcode?.batchCode).toBe('L-117250101');
  });
});
