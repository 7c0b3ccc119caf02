import { describe, expect, it } from 'vitest';
import { go } from '../engine/outcomes.js';
import { stay } from '../engine/types.js';
import { FakeServices, makeBatch, makeEnv, makeItem } from '../engine/testing/fakes.js';
import { addLine, committed, countBatchStep, countQuantityStep, savedLines, type BlindCount } from './blind-count.js';

const bolt = makeItem({ code: 'BOLT' });
const paint = makeItem({ code: 'PAINT', managedBy: 'BATCH_NUMBER' });
const line = (item: string, quantity: number, batch: string | null = null, serial: string | null = null) => ({
  item,
  units: 'pcs',
  batch,
  serial,
  quantity,
});

function setup() {
  const services = new FakeServices();
  services.items = [bolt, paint];
  services.batches = [makeBatch('PAINT', 'B1')];
  return makeEnv(services);
}

describe('the blind count lines', () => {
  it('adds up the same item and batch, keeps a serial once, and saves serials by code, others by quantity', () => {
    let lines = addLine([], line('BOLT', 2000));
    lines = addLine(lines, line('bolt', 3000));
    lines = addLine(lines, line('PAINT', 1000, 'B1'));
    lines = addLine(lines, line('PHONE', 1000, null, 'S1'));
    lines = addLine(lines, line('PHONE', 1000, null, 'S1'));
    expect(lines.map((l) => [l.item, l.batch, l.serial, l.quantity])).toEqual([
      ['BOLT', null, null, 5000],
      ['PAINT', 'B1', null, 1000],
      ['PHONE', null, 'S1', 1000],
    ]);
    expect(savedLines(lines)).toEqual([
      { item: 'BOLT', quantity: 5 },
      { item: 'PAINT', batch: 'B1', quantity: 1 },
      { item: 'PHONE', serial: 'S1' },
    ]);
  });

  it('commits the current item with its quantity, nothing when 0', () => {
    const state: BlindCount = { lines: [], current: { item: bolt, batch: null }, quantity: 4000 };
    expect(committed(state)).toEqual({ lines: [line('BOLT', 4000)], current: null, quantity: 0 });
    expect(committed({ ...state, quantity: 0 }).lines).toEqual([]);
  });
});

describe('the shared count steps', () => {
  const counting: BlindCount = { lines: [], current: { item: paint, batch: null }, quantity: 0 };

  it("batch: a known batch goes to the quantity, an unknown one is refused, a command is the app's", async () => {
    const env = setup();
    const step = countBatchStep<BlindCount>('app', async (state, text) =>
      text === '[DONE]' ? go(state, 'saved') : text === '[WAIT]' ? { state, next: stay } : null,
    );
    expect(step.prompt(counting)).toEqual({ key: 'app:prompt.batch', args: { item: 'PAINT' } });
    const known = await step.input(counting, 'B1', env);
    expect([known.next, known.state.current?.batch]).toEqual(['quantity', 'B1']);
    const unknown = await step.input(counting, 'B9', env);
    expect([unknown.next, unknown.state, unknown.notices?.[0]?.key]).toEqual([stay, counting, 'unknownBatch']);
    const done = await step.input(counting, '[DONE]', env);
    expect([done.next, done.state.current]).toEqual(['saved', null]);
    const waiting = await step.input(counting, '[WAIT]', env);
    expect([waiting.next, waiting.state]).toEqual([stay, counting]);
  });

  it('quantity: a number confirms and commits; another text goes to the app with the quantity confirmed', async () => {
    const env = setup();
    const state: BlindCount = { lines: [], current: { item: bolt, batch: null }, quantity: 2000 };
    const step = countQuantityStep<BlindCount>('app', async (confirmed, text) =>
      text === 'NUT' ? go(confirmed, 'next') : text === 'NOPE' ? { state: confirmed, next: stay } : null,
    );
    expect(step.prompt(state)).toEqual({
      key: 'app:prompt.quantity',
      args: { item: 'BOLT', batch: '', quantity: 2, units: 'pcs' },
    });
    const typed = await step.input(state, '7', env);
    expect([typed.next, typed.state.lines]).toEqual(['count', [line('BOLT', 7000)]]);
    const other = await step.input(state, 'NUT', env);
    expect([other.next, other.state.lines, other.state.current]).toEqual(['next', [line('BOLT', 2000)], null]);
    // Refused by the app and staying: nothing changed, the quantity is still being counted.
    const refused = await step.input(state, 'NOPE', env);
    expect([refused.next, refused.state]).toEqual([stay, state]);
  });
});
