import { defaultSystemSettings, type StockTransferLinesRequest } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { WorkflowRunner } from '../../handheld/engine/runner.js';
import type { WorkflowEffects } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { stockTransferSteps } from './stock-transfer-workflow.js';
import { fakeServices, movedAnswer } from './test-fixtures.js';
import { initialTransferState, nextTransferState, type StockTransferState } from './transfer-state.js';

function fakeApi() {
  const keys: string[] = [];
  const api = {
    validate: vi.fn(async (_request: StockTransferLinesRequest) => ({
      valid: true as const,
      locationsToBlockForQc: [] as string[],
    })),
    moveLines: vi.fn(async (request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async (key) => {
        keys.push(key);
        return movedAnswer(request, 'T-1');
      }),
    ),
    moveLocation: vi.fn(),
    blockForQc: vi.fn(async (_code: string, _reason: string): Promise<unknown> => undefined),
  };
  return { api, keys };
}

function setUp(options: { api?: ReturnType<typeof fakeApi>['api']; confirm?: boolean } = {}) {
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const api = options.api ?? fakeApi().api;
  const confirmQc = vi.fn(async () => options.confirm ?? true);
  const effects: WorkflowEffects<StockTransferState>[] = [];
  const runner = new WorkflowRunner(
    stockTransferSteps({
      keeper: new IdempotencyKeeper(),
      confirmQc,
      qcReason: () => 'QC reason',
      api,
    }),
    initialTransferState,
    { settings: defaultSystemSettings.scanner, services: fakeServices(), now: () => new Date((clock += 2000)) },
    'from',
    {
      restartOnInput: false,
      continueAfterFinish: (state) => ({ state: nextTransferState(state), stepId: 'item' }),
    },
  );
  runner.subscribeEffects((effect) => {
    effects.push(effect);
  });
  const scan = async (...texts: string[]) => {
    for (const text of texts) await runner.input(text);
    await runner.idle();
  };
  const notices = () => effects.flatMap((effect) => effect.notices);
  return { runner, api, confirmQc, effects, notices, scan };
}

describe('the stock transfer workflow', () => {
  it('moves a counted item from one location to another and starts the next from the same location', async () => {
    const { runner, api, notices, scan, effects } = setUp();
    await runner.idle();
    expect(runner.stepId).toBe('from');
    await scan('01-A01-01');
    expect(runner.stepId).toBe('item');
    await scan('8712345000028');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.quantity).toBe(12_000);
    await scan('[PLUS3]', '');
    expect(runner.stepId).toBe('to');
    await scan('bc-01-p01-01');
    expect(api.validate).toHaveBeenCalledWith({
      lines: [{ fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 15 }],
      toLocation: '01-P01-01',
    });
    expect(api.moveLines).toHaveBeenCalledTimes(1);
    expect(notices()).toEqual([
      {
        variant: 'success',
        key: 'handheld:successfullyMoved',
        args: { quantity: 15, item: 'ITEM-001', from: '01-A01-01', to: '01-P01-01' },
      },
    ]);
    expect(effects.flatMap((effect) => effect.sounds)).toContain('success');
    expect(runner.stepId).toBe('item');
    expect(runner.state.from?.code).toBe('01-A01-01');
    expect(runner.state.identification).toBeNull();
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('from');
  });

  it('asks the batch of a batch item and auto-selects the only one on the location', async () => {
    const { runner, scan, api } = setUp();
    await scan('01-P01-01', 'BATCH-001');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.identification?.batch).toBe('B2025-014');
    await scan('7', '01-A01-01');
    const request = api.validate.mock.calls[0]![0];
    expect(request.lines[0]).toMatchObject({ item: 'BATCH-001', batch: 'B2025-014', quantity: 7 });
  });

  it('moves a serial alone: lot auto-selected, serial scanned (serial sound), quantity 1 without asking', async () => {
    const { runner, scan, api, effects } = setUp();
    await scan('01-P01-01', 'SERIAL-001');
    expect(runner.stepId).toBe('itemSerial');
    await scan('SN-0001');
    expect(effects.flatMap((effect) => effect.sounds)).toContain('serial');
    expect(runner.stepId).toBe('to');
    await scan('01-A01-01');
    const request = api.validate.mock.calls[0]![0];
    expect(request.lines[0]).toMatchObject({ item: 'SERIAL-001', lot: 'LOT-A', serial: 'SN-0001', quantity: 1 });
  });

  it('moves an item whose serials are recorded at dispatch without lot or serial', async () => {
    const { runner, scan } = setUp();
    await scan('01-A01-01', 'SERIAL-002');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.identification).toMatchObject({ lot: null, serial: null });
  });

  it('refuses an unknown location and an unknown item, and the right scan continues', async () => {
    const { runner, scan, notices } = setUp();
    await scan('NOWHERE');
    expect(runner.stepId).toBe('from');
    expect(notices()).toEqual([{ variant: 'danger', key: 'unknownLocation', args: { code: 'NOWHERE' } }]);
    await scan('01-A01-01', 'NOTHING');
    expect(runner.stepId).toBe('item');
    expect(notices()[1]).toMatchObject({
      key: 'handheld:itemIdentification.unknownItemForCode',
      args: { code: 'NOTHING' },
    });
    await scan('ITEM-001');
    expect(runner.stepId).toBe('quantity');
  });

  it('refuses the from location as the target', async () => {
    const { runner, scan, notices, api } = setUp();
    await scan('01-A01-01', 'ITEM-001', '', '01-A01-01');
    expect(runner.stepId).toBe('to');
    expect(notices()).toEqual([{ variant: 'danger', key: 'errors:sameSourceAndTarget', args: { code: '01-A01-01' } }]);
    expect(api.validate).not.toHaveBeenCalled();
  });

  it('confirms the QC blocking, moves, then blocks each listed target', async () => {
    const order: string[] = [];
    const { api } = fakeApi();
    api.validate.mockResolvedValue({ valid: true, locationsToBlockForQc: ['01-QC'] });
    api.moveLines.mockImplementation(async (request: StockTransferLinesRequest) => {
      order.push('move');
      return movedAnswer(request, 'T-1');
    });
    api.blockForQc.mockImplementation(async (code: string, reason: string) => {
      order.push(`block ${code} ${reason}`);
    });
    const { confirmQc, scan } = setUp({ api });
    await scan('01-A01-01', 'ITEM-001', '', '01-QC');
    expect(confirmQc).toHaveBeenCalledWith(['01-QC']);
    expect(order).toEqual(['move', 'block 01-QC QC reason']);
  });

  it('moves nothing when the QC blocking is not confirmed, and asks the target again', async () => {
    const { api } = fakeApi();
    api.validate.mockResolvedValue({ valid: true, locationsToBlockForQc: ['01-QC'] });
    const { runner, scan } = setUp({ api, confirm: false });
    await scan('01-A01-01', 'ITEM-001', '', '01-QC');
    expect(api.moveLines).not.toHaveBeenCalled();
    expect(runner.stepId).toBe('to');
    expect(runner.state.to).toBeNull();
  });

  it('retries a transfer whose answer was lost with the same Idempotency-Key', async () => {
    const { api, keys } = fakeApi();
    let fail = true;
    api.moveLines.mockImplementation((request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async (key) => {
        keys.push(key);
        if (fail) throw new StepFailure('errors:networkErrorTooManyRetries', {}, 0);
        return movedAnswer(request, 'T-1');
      }),
    );
    const { runner, scan, notices } = setUp({ api });
    await scan('01-A01-01', 'ITEM-001', '', '01-P01-01');
    expect(runner.stepId).toBe('transfer');
    expect(runner.state.failed).toBe(true);
    expect(notices()).toEqual([{ variant: 'danger', key: 'errors:networkErrorTooManyRetries', args: {} }]);
    fail = false;
    await scan('');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(notices()[1]).toMatchObject({ key: 'handheld:successfullyMoved' });
    expect(runner.stepId).toBe('item');
  });

  it('sends a refused quantity back to the quantity question, with the server key and args', async () => {
    const refusal = new StepFailure(
      'errors:notEnoughAvailableStock',
      { itemCode: 'ITEM-001', binCode: '01-A01-01' },
      422,
    );
    const { api } = fakeApi();
    api.validate.mockRejectedValueOnce(refusal);
    const { runner, scan, notices, effects } = setUp({ api });
    await scan('01-A01-01', 'ITEM-001', '400', '01-P01-01');
    expect(runner.stepId).toBe('quantity');
    expect(notices()).toEqual([
      {
        variant: 'danger',
        key: 'errors:notEnoughAvailableStock',
        args: { itemCode: 'ITEM-001', binCode: '01-A01-01' },
      },
    ]);
    expect(effects.at(-1)?.sounds).toEqual(['error']);
    expect(api.moveLines).not.toHaveBeenCalled();
    await scan('5', '01-P01-01');
    expect(api.moveLines).toHaveBeenCalledTimes(1);
    expect(api.validate.mock.calls[1]![0].lines[0]?.quantity).toBe(5);
  });

  it('sends a refused target back to the target question', async () => {
    const refusal = new StepFailure('errors:stockMovementsBlocked', { code: '01-P01-01', reason: 'x' }, 422);
    const { api } = fakeApi();
    api.validate.mockRejectedValue(refusal);
    const { runner, scan } = setUp({ api });
    await scan('01-A01-01', 'ITEM-001', '', '01-P01-01');
    expect(runner.stepId).toBe('to');
    expect(runner.state.to).toBeNull();
  });

  it('keeps a failed QC block for a retry that blocks without moving again', async () => {
    const { api } = fakeApi();
    api.validate.mockResolvedValue({ valid: true, locationsToBlockForQc: ['01-QC'] });
    api.blockForQc.mockRejectedValueOnce(new StepFailure('errors:networkErrorTooManyRetries', {}, 0));
    const { runner, scan } = setUp({ api });
    await scan('01-A01-01', 'ITEM-001', '', '01-QC');
    expect(runner.stepId).toBe('transfer');
    expect(runner.state).toMatchObject({ failed: true, blockPending: ['01-QC'] });
    await scan('');
    expect(api.moveLines).toHaveBeenCalledTimes(1);
    expect(api.blockForQc).toHaveBeenCalledTimes(2);
    expect(runner.stepId).toBe('item');
  });
});
