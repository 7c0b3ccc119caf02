import type { LocationContentRow } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import type { ResolvedItemScan } from '../resolve-item.js';
import { FakeServices, contentRow, makeEnv, makeItem } from '../testing/fakes.js';
import { batchFromContentsStep, type ContentBatch } from './batch-from-contents.js';
import { findAnyListStep } from './find-any-list.js';
import { expandShortYear, findDateStep, parseDate } from './find-date.js';
import { findItemStep } from './find-item.js';
import { findStep } from './find.js';
import { kardexBoxFormat, kardexBoxStep } from './kardex-box.js';

const refused = (key: string, args: Record<string, unknown>) => ({
  next: 'stay',
  notices: [{ variant: 'danger', key, args }],
  sounds: ['error'],
});

function env() {
  const services = new FakeServices();
  services.items = [
    makeItem({ code: 'SCREW', barcode: '8712345678906' }),
    makeItem({ code: 'NUT', barcode2: 'NUTBOX', barcode2InvQty: 50 }),
  ];
  return makeEnv(services);
}

describe('find item step', () => {
  const step = findItemStep<{ found: ResolvedItemScan | null }>({
    id: 'find',
    next: 'next',
    set: (_state, found) => ({ found }),
    isItemAllowed: (_state, item) => item.code !== 'NUT',
  });
  const state = { found: null };

  it('finds an item by code, barcode or GS1 barcode', async () => {
    const outcome = await step.input(state, '(01)08712345678906(30)3', env());
    expect(outcome.next).toBe('next');
    expect(outcome.state.found?.answer.item.code).toBe('SCREW');
    expect(outcome.state.found?.barcode?.quantity).toBe(3);
    expect((await step.input(state, 'screw', env())).state.found?.answer.item.code).toBe('SCREW');
  });

  it('refuses unknown items (unknownItemForCode, errors namespace), forbidden and unexpected ones', async () => {
    expect(await step.input(state, 'BOLT', env())).toEqual({
      state,
      ...refused('unknownItemForCode', { code: 'BOLT' }),
    });
    expect(await step.input(state, 'NUTBOX', env())).toEqual({
      state,
      ...refused('handheld:itemIdentification.itemIsNotAllowed', { item: 'NUT' }),
    });
    const expecting = findItemStep<{ found: ResolvedItemScan | null }>({
      id: 'find',
      next: 'next',
      set: (_state, found) => ({ found }),
      expectedItemCode: () => 'NUT',
    });
    expect(await expecting.input(state, 'SCREW', env())).toEqual({
      state,
      ...refused('handheld:wrongItemScanned', { expected: 'NUT', scanned: 'SCREW' }),
    });
  });
});

describe('generic find step', () => {
  const partners = new Map([['c001', { code: 'C001', name: 'Customer' }]]);
  const step = findStep<{ partner: string | null }, { code: string }>({
    id: 'partner',
    next: 'next',
    find: (text) => partners.get(text.toLowerCase()) ?? null,
    set: (_state, value) => ({ partner: value.code }),
    notFoundKey: 'unknownBusinessPartner',
  });

  it('stores what the app’s lookup finds and refuses what it does not', async () => {
    const state = { partner: null };
    expect(await step.input(state, 'c001', env())).toEqual({ state: { partner: 'C001' }, next: 'next' });
    expect(await step.input(state, 'X', env())).toEqual({ state, ...refused('unknownBusinessPartner', { code: 'X' }) });
    expect(await step.input(state, '', env())).toEqual({ state, next: 'stay' });
  });

  it('without a notFoundKey a miss is notFound; allowEmpty lets Enter pass', async () => {
    const loose = findStep<{ value: string | null }, string>({
      id: 'x',
      next: 'next',
      find: async () => null,
      set: (_state, value) => ({ value }),
      allowEmpty: true,
    });
    expect(await loose.input({ value: null }, 'A', env())).toMatchObject(refused('notFound', { code: 'A' }));
    expect(await loose.input({ value: null }, '', env())).toEqual({ state: { value: null }, next: 'next' });
  });
});

describe('find date step', () => {
  const now = new Date('2025-06-15T10:00:00Z');

  it('parses a date in the given format in UTC', () => {
    expect(parseDate('31-12-2025', 'DD-MM-YYYY', now)?.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    expect(parseDate('2025/01/02 13:04:05', 'yyyy/MM/dd HH:mm:ss', now)?.toISOString()).toBe(
      '2025-01-02T13:04:05.000Z',
    );
    expect(parseDate('261231', 'YYMMDD', now)?.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });

  it('refuses texts that do not match or name no real date', () => {
    expect(parseDate('31-02-2025', 'DD-MM-YYYY', now)).toBeNull();
    expect(parseDate('2025-12-31', 'DD-MM-YYYY', now)).toBeNull();
    expect(parseDate('1-1-2025', 'DD-MM-YYYY', now)).toBeNull();
    expect(parseDate('31.12.2025', 'DD-MM-YYYY', now)).toBeNull();
    expect(parseDate('01-01-2025 25:00', 'DD-MM-YYYY HH:mm', now)).toBeNull();
  });

  it('reads two-digit years within 49 years before and 50 after now', () => {
    expect(expandShortYear(75, now)).toBe(2075);
    expect(expandShortYear(76, now)).toBe(1976);
    expect(expandShortYear(0, now)).toBe(2000);
  });

  const step = findDateStep<{ date: string | null }>({
    id: 'date',
    next: 'next',
    format: 'DD-MM-YYYY',
    set: (_state, _date, isoDate) => ({ date: isoDate }),
  });

  it('stores the date, takes a GS1 expiration date, and refuses others with misc.incorrectFormat {format}', async () => {
    const state = { date: null };
    expect(await step.input(state, '01-07-2025', env())).toEqual({ state: { date: '2025-07-01' }, next: 'next' });
    expect(await step.input(state, '(01)08712345678906(17)270228', env())).toEqual({
      state: { date: '2027-02-28' },
      next: 'next',
    });
    expect(await step.input(state, '2025-07-01', env())).toEqual({
      state,
      ...refused('handheld:misc.incorrectFormat', { format: 'DD-MM-YYYY', value: '2025-07-01' }),
    });
    expect(step.prompt(state)).toEqual({ key: 'handheld:prompt.date', args: { format: 'DD-MM-YYYY' } });
  });
});

describe('find-any-list step', () => {
  interface State {
    codes: string[];
  }
  const step = findAnyListStep<State, string>({
    id: 'list',
    next: 'next',
    count: () => 3,
    list: (state) => state.codes,
    find: (text) => (/^p/i.test(text) ? text.toUpperCase() : null),
    add: (state, code) => ({ codes: [...state.codes, code] }),
    same: (a, b) => a === b,
  });

  it('repeats until the count is reached, then beeps and moves on', async () => {
    const one = await step.input({ codes: [] }, 'p1', env());
    expect(one).toEqual({ state: { codes: ['P1'] }, next: 'stay' });
    const two = await step.input(one.state, 'P2', env());
    expect(two.next).toBe('stay');
    expect(await step.input(two.state, 'P3', env())).toEqual({
      state: { codes: ['P1', 'P2', 'P3'] },
      next: 'next',
      sounds: ['beep'],
    });
    expect(step.prompt(two.state)).toEqual({ key: 'handheld:prompt.scanOfCount', args: { scanned: 2, count: 3 } });
  });

  it('refuses unknown and repeated values; a full list moves on when entered', async () => {
    const state = { codes: ['P1'] };
    expect(await step.input(state, 'X1', env())).toEqual({ state, ...refused('notFound', { code: 'X1' }) });
    expect(await step.input(state, 'p1', env())).toEqual({
      state,
      ...refused('handheld:alreadyScanned', { code: 'p1' }),
    });
    expect(await step.enter!({ codes: ['A', 'B', 'C'] }, env())).toEqual({
      state: { codes: ['A', 'B', 'C'] },
      next: 'next',
    });
    expect(await step.enter!(state, env())).toBeNull();
  });
});

describe('kardex box step', () => {
  const step = kardexBoxStep<{ box: string | null }>({ id: 'box', next: 'next', set: (_state, box) => ({ box }) });

  it('takes K, two digits, dash, two digits, dash, two digits, plus, six digits', async () => {
    expect(await step.input({ box: null }, 'K01-02-03+123456', env())).toEqual({
      state: { box: 'K01-02-03+123456' },
      next: 'next',
    });
    expect(await step.input({ box: null }, 'k01-02-03+123456', env())).toEqual({
      state: { box: 'K01-02-03+123456' },
      next: 'next',
    });
  });

  it('refuses anything else with misc.wrongFormat', async () => {
    for (const text of [
      'K1-02-03+123456',
      'K01-02-03+12345',
      'X01-02-03+123456',
      'K01-02-03-123456',
      'K01-02-03+1234567',
    ]) {
      expect(await step.input({ box: null }, text, env())).toEqual({
        state: { box: null },
        ...refused('handheld:misc.wrongFormat', { format: kardexBoxFormat, value: text }),
      });
    }
  });
});

describe('batch from contents step', () => {
  interface State {
    item: string | null;
    contents: LocationContentRow[] | null;
    batch: ContentBatch | null;
  }
  const step = batchFromContentsStep<State>({
    id: 'batch',
    next: 'next',
    itemCode: (state) => state.item,
    contents: (state) => state.contents,
    set: (state, batch) => ({ ...state, batch }),
  });
  const contents = [
    contentRow('PAINT', 5, [
      { code: '00042', quantity: 3 },
      { code: 'B-RED', quantity: 2 },
    ]),
    contentRow('GLUE', 1, [{ code: 'G1', quantity: 1 }]),
  ];

  it('takes a batch of the item on the location, padded and without case', async () => {
    const state: State = { item: 'PAINT', contents, batch: null };
    expect((await step.input(state, '42', env())).state.batch?.code).toBe('00042');
    expect((await step.input(state, 'b-red', env())).state.batch?.code).toBe('B-RED');
    expect(await step.input(state, 'G1', env())).toEqual({
      state,
      ...refused('handheld:unknownBatchCode', { code: 'G1' }),
    });
  });

  it('selects the only batch of the item on entering', async () => {
    const state: State = { item: 'GLUE', contents, batch: null };
    expect(await step.enter!(state, env())).toMatchObject({ state: { batch: { code: 'G1' } }, next: 'next' });
    expect(await step.enter!({ ...state, item: 'PAINT' }, env())).toBeNull();
  });
});
