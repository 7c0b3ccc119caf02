import type { Item } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { FakeServices, makeEnv, makeItem } from '../testing/fakes.js';
import type { ScaleReading } from '../types.js';
import { decisionStep } from './decision.js';
import { doStep } from './do.js';
import { finishStep } from './finish.js';
import { nothingStep } from './nothing.js';
import { scaleStep } from './scale.js';
import { setValuesStep } from './set-values.js';
import { speechStep } from './speech.js';
import { splitStep } from './split.js';
import { validateStep } from './validate.js';

interface State {
  n: number;
  item: Item | null;
  weight: number | null;
}
const state: State = { n: 1, item: null, weight: null };

describe('do step', () => {
  it('runs the action on entering and moves on with its state, notices and sounds', async () => {
    const step = doStep<State>({
      id: 'do',
      next: 'done',
      action: async (s) => ({
        state: { ...s, n: s.n + 1 },
        notices: [{ variant: 'success', key: 'test:ok' }],
        sounds: ['success'],
      }),
    });
    expect(await step.enter!(state, makeEnv())).toEqual({
      state: { ...state, n: 2 },
      next: 'done',
      notices: [{ variant: 'success', key: 'test:ok' }],
      sounds: ['success'],
    });
    const silent = doStep<State>({ id: 'do', next: 'done', action: async () => undefined });
    expect(await silent.enter!(state, makeEnv())).toEqual({ state, next: 'done' });
  });

  it('a keyed failure is a danger notice with its key and args; the step stays; an input retries', async () => {
    let calls = 0;
    const step = doStep<State>({
      id: 'do',
      next: 'done',
      action: async () => {
        calls += 1;
        if (calls === 1)
          throw Object.assign(new Error('422'), {
            key: 'notEnoughAvailableStock',
            args: { itemCode: 'X', binCode: 'A' },
          });
        return { next: 'elsewhere' };
      },
    });
    expect(await step.enter!(state, makeEnv())).toEqual({
      state,
      next: 'stay',
      notices: [{ variant: 'danger', key: 'notEnoughAvailableStock', args: { itemCode: 'X', binCode: 'A' } }],
      sounds: ['error'],
    });
    expect(await step.input(state, '', makeEnv())).toEqual({ state, next: 'elsewhere' });
    expect(calls).toBe(2);
  });

  it('runOn input waits for a confirming input; onError and failed route a failure', async () => {
    const step = doStep<State>({
      id: 'do',
      next: 'done',
      runOn: 'input',
      onError: 'to',
      failed: (s) => ({ ...s, n: 0 }),
      action: async () => {
        throw new Error('offline');
      },
    });
    expect(await step.enter!(state, makeEnv())).toBeNull();
    expect(step.prompt(state)).toEqual({ key: 'handheld:prompt.confirm' });
    expect(await step.input(state, '', makeEnv())).toEqual({
      state: { ...state, n: 0 },
      next: 'to',
      notices: [{ variant: 'danger', key: 'handheld:stepFailed', args: { message: 'offline' } }],
      sounds: ['error'],
    });
  });
});

describe('set values, validate, split, decision', () => {
  it('set values changes the state on entering and moves on', async () => {
    const step = setValuesStep<State>({ id: 'set', next: 'next', apply: (s) => ({ ...s, n: 10 }) });
    expect(await step.enter!(state, makeEnv())).toEqual({ state: { ...state, n: 10 }, next: 'next' });
  });

  it('validate passes on, or shows its message and stops without success', async () => {
    const message = { variant: 'danger' as const, key: 'stockTransfer:nothingToMove' as const };
    const step = validateStep<State>({ id: 'v', next: 'next', check: (s) => s.n > 0, message });
    expect(await step.enter!(state, makeEnv())).toEqual({ state, next: 'next' });
    expect(await step.enter!({ ...state, n: 0 }, makeEnv())).toEqual({
      state: { ...state, n: 0 },
      next: 'finish',
      sounds: ['error'],
      notices: [message],
    });
    const quiet = validateStep<State>({ id: 'v', next: 'next', check: async () => false });
    expect(await quiet.enter!(state, makeEnv())).toEqual({ state, next: 'finish', sounds: ['error'] });
    const computed = validateStep<State>({ id: 'v', next: 'next', check: () => false, message: () => null });
    expect(await computed.enter!(state, makeEnv())).toEqual({ state, next: 'finish', sounds: ['error'] });
  });

  it('split goes the way of the item’s management type (no item: NORMAL)', async () => {
    const step = splitStep<State>({
      id: 'split',
      managedBy: (s) => s.item?.managedBy ?? null,
      next: { NORMAL: 'qty', BATCH_NUMBER: 'batch', SERIAL_NUMBER: 'serial' },
    });
    expect((await step.enter!(state, makeEnv()))!.next).toBe('qty');
    for (const [managedBy, next] of [
      ['NORMAL', 'qty'],
      ['BATCH_NUMBER', 'batch'],
      ['SERIAL_NUMBER', 'serial'],
    ] as const) {
      const item = makeItem({ code: 'X', managedBy });
      expect((await step.enter!({ ...state, item }, makeEnv()))!.next).toBe(next);
    }
  });

  it('decision moves to the step for true or false', async () => {
    const step = decisionStep<State>({ id: 'd', decide: async (s) => s.n > 1, ifTrue: 'yes', ifFalse: 'no' });
    expect((await step.enter!(state, makeEnv()))!.next).toBe('no');
    expect((await step.enter!({ ...state, n: 2 }, makeEnv()))!.next).toBe('yes');
    expect((await step.input({ ...state, n: 2 }, '', makeEnv())).next).toBe('yes');
  });
});

describe('speech, finish, nothing', () => {
  it('speech says its text and moves on', async () => {
    const step = speechStep<State>({
      id: 's',
      next: 'next',
      text: (s) => ({ key: 'handheld:prompt.item', args: { n: s.n } }),
    });
    expect(await step.enter!(state, makeEnv())).toEqual({
      state,
      next: 'next',
      speak: { key: 'handheld:prompt.item', args: { n: 1 } },
    });
  });

  it('finish ends the workflow with its notices and sounds', async () => {
    const step = finishStep<State>({
      id: 'f',
      notices: (s) => [{ variant: 'success', key: 'handheld:successfullyMoved', args: { quantity: s.n } }],
      sounds: ['success'],
    });
    expect(await step.enter!(state, makeEnv())).toEqual({
      state,
      next: 'finish',
      notices: [{ variant: 'success', key: 'handheld:successfullyMoved', args: { quantity: 1 } }],
      sounds: ['success'],
    });
    expect(await finishStep<State>({ id: 'f' }).enter!(state, makeEnv())).toEqual({ state, next: 'finish' });
  });

  it('nothing passes on at once, or rests and ignores input', async () => {
    expect(await nothingStep<State>({ id: 'n', next: 'x' }).enter!(state, makeEnv())).toEqual({ state, next: 'x' });
    const rest = nothingStep<State>({ id: 'n' });
    expect(await rest.enter!(state, makeEnv())).toBeNull();
    expect(await rest.input(state, 'anything', makeEnv())).toEqual({ state, next: 'stay' });
  });
});

describe('scale step', () => {
  const step = scaleStep<State>({
    id: 'scale',
    next: 'next',
    item: (s) => s.item,
    set: (s, quantity) => ({ ...s, weight: quantity }),
  });
  const withScale = (read: () => Promise<ScaleReading>) => {
    const services = new FakeServices();
    services.scale = { read };
    return makeEnv(services);
  };

  it('reads the scale on entering and converts into the item’s unit', async () => {
    const grams = makeItem({ code: 'G', units: 'g' });
    expect(
      await step.enter!(
        { ...state, item: grams },
        withScale(async () => ({ weight: 1.25, unit: 'kg' })),
      ),
    ).toEqual({
      state: { ...state, item: grams, weight: 1_250_000 },
      next: 'next',
    });
    expect(
      (await step.enter!(
        state,
        withScale(async () => ({ weight: 0.5, unit: 'kg' })),
      ))!.state.weight,
    ).toBe(500);
  });

  it('without a scale: peripherals.notConnected', async () => {
    expect(await step.enter!(state, makeEnv())).toEqual({
      state,
      next: 'stay',
      notices: [{ variant: 'danger', key: 'handheld:peripherals.notConnected', args: {} }],
      sounds: ['error'],
    });
  });

  it('a driver failure shows its key; a bad reading is invalidInputReceived; an unknown unit couldNotMatchUnits', async () => {
    const failing = withScale(async () => {
      throw Object.assign(new Error('timeout'), { key: 'device:peripherals.couldNotConnectToDevice' });
    });
    expect((await step.enter!(state, failing))!.notices).toEqual([
      { variant: 'danger', key: 'device:peripherals.couldNotConnectToDevice', args: {} },
    ]);
    const bare = withScale(async () => {
      throw Object.assign(new Error('timeout'), { key: 'peripherals.couldNotConnectToDevice' });
    });
    expect((await step.enter!(state, bare))!.notices![0]!.key).toBe('handheld:peripherals.couldNotConnectToDevice');
    expect(
      (
        await step.input(
          state,
          '',
          withScale(async () => ({ weight: Number.NaN, unit: 'kg' })),
        )
      ).notices,
    ).toEqual([{ variant: 'danger', key: 'handheld:peripherals.invalidInputReceived', args: { value: 'NaN kg' } }]);
    const pieces = makeItem({ code: 'P', units: 'pcs' });
    expect(
      (
        await step.input(
          { ...state, item: pieces },
          '',
          withScale(async () => ({ weight: 1, unit: 'kg' })),
        )
      ).notices,
    ).toEqual([{ variant: 'danger', key: 'handheld:couldNotMatchUnits', args: { unit: 'kg', targetUnit: 'pcs' } }]);
  });

  it('with autoRead off it waits for an input to read', async () => {
    const manual = scaleStep<State>({
      id: 'scale',
      next: 'next',
      autoRead: false,
      set: (s, q) => ({ ...s, weight: q }),
    });
    const env = withScale(async () => ({ weight: 2, unit: 'kg' }));
    expect(await manual.enter!(state, env)).toBeNull();
    expect((await manual.input(state, '', env)).state.weight).toBe(2000);
  });
});
