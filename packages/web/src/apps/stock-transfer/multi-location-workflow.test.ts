import { defaultSystemSettings, type LocationTransferRequest, type StockTransferLinesRequest } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { WorkflowRunner } from '../../handheld/engine/runner.js';
import type { Continuation, Notice, Step } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import {
  initialLocationTransferState,
  locationTransferSteps,
  type LocationTransferState,
} from './location-transfer-workflow.js';
import {
  collectLine,
  initialMultiTransferState,
  maxLineNotices,
  multiTransferSteps,
  type MultiTransferState,
} from './multi-transfer-workflow.js';
import { fakeServices, movedAnswer } from './test-fixtures.js';
import type { transferApi } from './transfer-api.js';

function fakeApi() {
  const keys: string[] = [];
  const api = {
    validate: vi.fn(async (_request: StockTransferLinesRequest) => ({
      valid: true as const,
      locationsToBlockForQc: [] as string[],
    })),
    moveLines: vi.fn(async (request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async (key) => (keys.push(key), movedAnswer(request))),
    ),
    moveLocation: vi.fn(async (request: LocationTransferRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async (key) => {
        keys.push(key);
        return movedAnswer({
          lines: [{ fromLocation: request.fromLocation, item: 'ITEM-001', quantity: 500 }],
          toLocation: request.toLocation,
        });
      }),
    ),
    blockForQc: vi.fn(async (_code: string, _reason: string): Promise<unknown> => undefined),
  };
  return { api, keys, real: api as unknown as typeof transferApi };
}

function run<S>(steps: Step<S>[], initial: () => S, continueAfterFinish: (state: S) => Continuation<S>) {
  let clock = 0;
  const notices: Notice[] = [];
  const runner = new WorkflowRunner(
    steps,
    initial,
    { settings: defaultSystemSettings.scanner, services: fakeServices(), now: () => new Date((clock += 2000)) },
    'from',
    { restartOnInput: false, continueAfterFinish },
  );
  runner.subscribeEffects((effect) => {
    notices.push(...effect.notices);
  });
  const scan = async (...texts: string[]) => {
    for (const text of texts) await runner.input(text);
    await runner.idle();
  };
  return { runner, notices, scan };
}

function multi() {
  const { api, keys } = fakeApi();
  const steps = multiTransferSteps({
    keeper: new IdempotencyKeeper(),
    confirmQc: async () => true,
    qcReason: () => 'r',
    api,
  });
  const flow = run<MultiTransferState>(steps, initialMultiTransferState, (state) => {
    if (state.moved) return { state: initialMultiTransferState() };
    const result = collectLine(state);
    return result.state.from ? { state: result.state, stepId: 'item' } : { state: result.state };
  });
  return { ...flow, api, keys };
}

describe('the multi stock transfer workflow', () => {
  it('collects lines from several locations, then moves them all to one target in one request', async () => {
    const { runner, scan, api, notices } = multi();
    await scan('01-A01-01', 'ITEM-001', '5');
    expect(runner.state.lines).toHaveLength(1);
    expect(runner.stepId).toBe('item');
    expect(runner.state.from?.code).toBe('01-A01-01');
    await scan('SERIAL-002', '2');
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('from');
    await scan('01-P01-01', 'BATCH-001', '3');
    expect(runner.state.lines.map((l) => l.line)).toEqual([
      { fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 5 },
      { fromLocation: '01-A01-01', item: 'SERIAL-002', batch: null, lot: null, serial: null, quantity: 2 },
      { fromLocation: '01-P01-01', item: 'BATCH-001', batch: 'B2025-014', lot: null, serial: null, quantity: 3 },
    ]);
    runner.update((state) => ({ ...state, lines: state.lines.filter((l) => l.line.item !== 'SERIAL-002') }));
    runner.goTo('to');
    await scan('01-QC');
    expect(api.moveLines).toHaveBeenCalledTimes(1);
    expect(api.moveLines.mock.calls[0]![0]).toEqual({
      lines: [
        { fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 5 },
        { fromLocation: '01-P01-01', item: 'BATCH-001', batch: 'B2025-014', lot: null, serial: null, quantity: 3 },
      ],
      toLocation: '01-QC',
    });
    expect(notices.map((n) => n.key)).toEqual(['handheld:successfullyMoved', 'handheld:successfullyMoved']);
    expect(runner.state.lines).toEqual([]);
    expect(runner.stepId).toBe('from');
  });

  it('adds the same stock up on one line and lists a serial once', () => {
    const base = { ...initialMultiTransferState() };
    const identification = {
      item: { code: 'ITEM-001', name: 'bolt', units: 'pcs' },
      batch: null,
      lot: null,
      serial: null,
    } as unknown as MultiTransferState['identification'];
    const from = { code: 'A' } as MultiTransferState['from'];
    const once = collectLine({ ...base, from, identification, quantity: 1500 }).state;
    const twice = collectLine({ ...once, identification, quantity: 2250 }).state;
    expect(twice.lines.map((l) => l.line.quantity)).toEqual([3.75]);
    const serial = { ...identification!, serial: 'SN-1' } as MultiTransferState['identification'];
    const listed = collectLine({ ...twice, identification: serial, quantity: 1000 }).state;
    const again = collectLine({ ...listed, identification: serial, quantity: 1000 });
    expect(again.kind).toBe('duplicateSerial');
    expect(again.state.lines).toHaveLength(2);
  });

  it('refuses a target that is a source of a line; a refused transfer asks the target again with the list kept', async () => {
    const { runner, scan, api, notices } = multi();
    await scan('01-A01-01', 'ITEM-001', '5');
    runner.goTo('to');
    await scan('01-A01-01');
    expect(notices.at(-1)).toMatchObject({ key: 'errors:sameSourceAndTarget' });
    api.validate.mockRejectedValueOnce(
      new StepFailure('errors:canOnlyMoveQcItemsToEmptyLocations', { code: '01-QC' }, 422),
    );
    await scan('01-QC');
    expect(runner.stepId).toBe('to');
    expect(notices.at(-1)).toMatchObject({ key: 'errors:canOnlyMoveQcItemsToEmptyLocations', args: { code: '01-QC' } });
    expect(runner.state.lines).toHaveLength(1);
    expect(api.moveLines).not.toHaveBeenCalled();
  });

  it(`tells more than ${maxLineNotices} moved lines in one notice`, async () => {
    const { runner, scan, notices } = multi();
    await scan('01-A01-01', 'ITEM-001', '1');
    expect(runner.state.lines.length).toBe(1);
    runner.update((state) => ({
      ...state,
      lines: [1, 2, 3, 4, 5].map((id) => ({ ...state.lines[0]!, id, line: { ...state.lines[0]!.line, quantity: id } })),
    }));
    runner.goTo('to');
    await scan('01-P01-01');
    expect(notices.at(-1)).toEqual({
      variant: 'success',
      key: 'stockTransfer:successfullyMovedLines',
      args: { count: 5, to: '01-P01-01' },
    });
  });
});

function location() {
  const { api, keys, real } = fakeApi();
  const flow = run<LocationTransferState>(
    locationTransferSteps({ keeper: new IdempotencyKeeper(), api: real }),
    initialLocationTransferState,
    () => ({ state: initialLocationTransferState() }),
  );
  return { ...flow, api, keys };
}

describe('the location stock transfer workflow', () => {
  it('moves the whole content of a location after the confirmation', async () => {
    const { runner, scan, api, notices } = location();
    await scan('01-A01-01');
    expect(runner.state.fromContents).toHaveLength(2);
    await scan('01-EMPTY');
    expect(runner.stepId).toBe('confirm');
    expect(runner.snapshot.prompt).toEqual({
      key: 'stockTransfer:prompt.confirmLocation',
      args: { from: '01-A01-01', to: '01-EMPTY' },
    });
    await scan('BC-01-EMPTY');
    expect(api.moveLocation.mock.calls[0]![0]).toEqual({ fromLocation: '01-A01-01', toLocation: '01-EMPTY' });
    expect(notices).toEqual([
      { variant: 'success', key: 'handheld:successfullyMovedLocation', args: { from: '01-A01-01', to: '01-EMPTY' } },
    ]);
    expect(runner.stepId).toBe('from');
    expect(runner.state.from).toBeNull();
  });

  it('refuses an empty location (nothingToMove) and the same target; another scan in the confirmation changes the target', async () => {
    const { runner, scan, notices, api } = location();
    await scan('01-EMPTY');
    expect(runner.stepId).toBe('from');
    expect(notices[0]).toEqual({ variant: 'danger', key: 'errors:nothingToMove', args: { code: '01-EMPTY' } });
    await scan('01-A01-01', '01-A01-01');
    expect(notices[1]).toMatchObject({ key: 'errors:sameSourceAndTarget' });
    await scan('01-EMPTY', '01-QC');
    expect(runner.stepId).toBe('confirm');
    expect(runner.state.to?.code).toBe('01-QC');
    await scan('[OK]');
    expect(api.moveLocation.mock.calls[0]![0]).toEqual({ fromLocation: '01-A01-01', toLocation: '01-QC' });
  });

  it('stays for a retry with the same key when the answer was lost', async () => {
    const { runner, scan, api, keys } = location();
    api.moveLocation.mockImplementationOnce((request: LocationTransferRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async (key) => {
        keys.push(key);
        throw new StepFailure('errors:networkErrorTooManyRetries', {}, 0);
      }),
    );
    await scan('01-A01-01', '01-EMPTY', '');
    expect(runner.stepId).toBe('transfer');
    expect(runner.state.failed).toBe(true);
    await scan('');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(runner.stepId).toBe('from');
  });
});
