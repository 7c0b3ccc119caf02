import { defaultSystemSettings, type StockTransferLinesRequest } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { WorkflowRunner } from '../../handheld/engine/runner.js';
import type { Notice, WorkflowEffects } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { initialLocationTransferState, locationTransferSteps } from './location-transfer-workflow.js';
import { collectLine, initialMultiTransferState, multiTransferSteps } from './multi-transfer-workflow.js';
import { stockTransferSteps } from './stock-transfer-workflow.js';
import { contentRow, fakeServices, location, movedAnswer, pills } from './test-fixtures.js';
import { initialTransferState, nextTransferState, type StockTransferState } from './transfer-state.js';

/**
 * Issue 14 points 21, 23 and 25: each wrong scan is told at its own question (the flow stays
 * there), a location at the item question becomes the source, and a burst of scans gives one
 * success notice per committed move.
 */
function fakeApi(delayMs = 0) {
  const api = {
    validate: vi.fn(async (_request: StockTransferLinesRequest) => ({
      valid: true as const,
      locationsToBlockForQc: [] as string[],
    })),
    moveLines: vi.fn(async (request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
      keeper.send(request, async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return movedAnswer(request);
      }),
    ),
    moveLocation: vi.fn(),
    blockForQc: vi.fn(async (): Promise<unknown> => undefined),
  };
  return api;
}

function setUp(options: { mayMoveRestricted?: boolean; delayMs?: number; now?: string } = {}) {
  let clock = Date.parse(options.now ?? '2025-06-15T10:00:00Z');
  const services = fakeServices();
  services.locations = [
    ...services.locations,
    location('01-BLOCKED', { blockStockMovements: true, blockStockMovementsReason: 'Damaged rack' }),
    location('01-LOCKED', { blockStockMovements: true, blockStockMovementsReason: null }),
    location('01-RESTRICTED', { stockMovementRestricted: true }),
  ];
  services.contents.set('01-RESTRICTED', [contentRow(pills, 5, { batches: [['B2025-014', 5]] })]);
  const api = fakeApi(options.delayMs);
  const effects: WorkflowEffects<StockTransferState>[] = [];
  const runner = new WorkflowRunner(
    stockTransferSteps({
      keeper: new IdempotencyKeeper(),
      confirmQc: async () => true,
      qcReason: () => 'QC',
      api,
      mayMoveRestricted: () => options.mayMoveRestricted ?? false,
    }),
    initialTransferState,
    { settings: defaultSystemSettings.scanner, services, now: () => new Date((clock += 2000)) },
    'from',
    {
      restartOnInput: false,
      continueAfterFinish: (state) => ({ state: nextTransferState(state), stepId: 'item' }),
    },
  );
  runner.subscribeEffects((effect) => effects.push(effect));
  const notices = (): Notice[] => effects.flatMap((effect) => effect.notices);
  const scan = async (...texts: string[]) => {
    for (const text of texts) await runner.input(text);
    await runner.idle();
  };
  return { runner, api, services, notices, scan };
}

describe('checks at the scan that is wrong', () => {
  it('refuses a blocked location at the location question, with its reason; the flow stays', async () => {
    const { runner, scan, notices } = setUp();
    await scan('01-BLOCKED');
    expect(runner.stepId).toBe('from');
    expect(runner.state.from).toBeNull();
    await scan('01-LOCKED');
    expect(notices()).toEqual([
      {
        variant: 'danger',
        key: 'stockTransfer:locationBlocked',
        args: { code: '01-BLOCKED', reason: 'Damaged rack' },
      },
      { variant: 'danger', key: 'errors:stockMovementsBlocked', args: { code: '01-LOCKED' } },
    ]);
    await scan('01-A01-01', 'ITEM-001', '5', '01-BLOCKED');
    expect(runner.stepId).toBe('to');
    expect(notices().at(-1)).toMatchObject({ key: 'stockTransfer:locationBlocked' });
  });

  it('refuses a restricted location without stockTransferAuthMoveRestricted; with it the scan continues', async () => {
    const refused = setUp({ mayMoveRestricted: false });
    await refused.scan('01-RESTRICTED');
    expect(refused.runner.stepId).toBe('from');
    expect(refused.notices()).toEqual([
      { variant: 'danger', key: 'errors:stockMovementRestricted', args: { code: '01-RESTRICTED' } },
    ]);
    const allowed = setUp({ mayMoveRestricted: true });
    await allowed.scan('01-RESTRICTED');
    expect(allowed.runner.stepId).toBe('item');
  });

  it('refuses at the item question an item that is not on the source, and the right item continues', async () => {
    const { runner, scan, notices } = setUp();
    await scan('01-A01-01', 'BATCH-001');
    expect(runner.stepId).toBe('item');
    expect(runner.state.identification).toBeNull();
    expect(notices()).toEqual([
      { variant: 'danger', key: 'stockTransfer:itemNotOnLocation', args: { item: 'BATCH-001', location: '01-A01-01' } },
    ]);
    await scan('ITEM-001');
    expect(runner.stepId).toBe('quantity');
  });

  it('refuses at the item question an item with nothing free to move there', async () => {
    const { runner, scan, notices, services } = setUp();
    const row = contentRow({ ...pills, code: 'ITEM-001', units: 'pcs' }, 6);
    services.contents.set('01-A01-01', [{ ...row, releasedQty: 2, pickQty: 4, freeToMoveQty: 0 }]);
    await scan('01-A01-01', 'ITEM-001');
    expect(runner.stepId).toBe('item');
    expect(notices()).toEqual([
      { variant: 'danger', key: 'stockTransfer:nothingFreeOfItem', args: { item: 'ITEM-001', location: '01-A01-01' } },
    ]);
  });

  it('refuses at the quantity question more than can move, counted or typed, and keeps the count', async () => {
    const { runner, scan, notices, api } = setUp();
    await scan('01-P01-01', 'ITEM-001', '49');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.quantity).toBe(1000);
    expect(notices()).toEqual([
      {
        variant: 'danger',
        key: 'stockTransfer:quantityAboveFree',
        args: { quantity: 49, free: 48, units: 'pcs', item: 'ITEM-001', location: '01-P01-01' },
      },
    ]);
    await scan('[PLUS47]');
    expect(runner.state.quantity).toBe(48000);
    await scan('[PLUS1]');
    expect(runner.state.quantity).toBe(48000);
    expect(notices().at(-1)).toMatchObject({ key: 'stockTransfer:quantityAboveFree', args: { quantity: 49 } });
    await scan('', '01-A01-01');
    expect(api.moveLines.mock.calls[0]![0].lines[0]!.quantity).toBe(48);
  });

  it('warns about an expired batch chosen without a scan and asks to confirm it', async () => {
    const { runner, scan, notices, services } = setUp();
    const row = contentRow(pills, 200, { batches: [['B2025-014', 200]] });
    services.contents.set('01-P01-01', [
      { ...row, batches: row.batches.map((batch) => ({ ...batch, expirationDate: '2025-01-31' })) },
    ]);
    await scan('01-P01-01', 'BATCH-001');
    expect(runner.stepId).toBe('itemExpired');
    expect(runner.snapshot.prompt).toEqual({
      key: 'stockTransfer:prompt.confirmExpired',
      args: { item: 'BATCH-001', code: 'B2025-014' },
    });
    expect(notices()).toEqual([
      {
        variant: 'warning',
        key: 'stockTransfer:expiredStock',
        args: { item: 'BATCH-001', code: 'B2025-014', date: '2025-01-31' },
      },
    ]);
    await scan('');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.identification?.batch).toBe('B2025-014');
  });

  it('a location scanned at the item question starts the line over from that location', async () => {
    const { runner, scan, notices } = setUp();
    await scan('01-A01-01', 'BC-01-P01-01');
    expect(runner.stepId).toBe('item');
    expect(runner.state.from?.code).toBe('01-P01-01');
    expect(runner.state.fromContents?.map((row) => row.item.code)).toContain('BATCH-001');
    expect(notices()).toEqual([{ variant: 'info', key: 'stockTransfer:sourceChanged', args: { code: '01-P01-01' } }]);
    await scan('BATCH-001');
    expect(runner.stepId).toBe('quantity');
    await scan('01-BLOCKED');
    expect(notices().at(-1)).toMatchObject({ key: 'handheld:notANumber' });
  });

  it('a burst of 5 rounds while each commit is in flight: 5 moves, 5 success notices, in order', async () => {
    const { runner, api, notices } = setUp({ delayMs: 20 });
    await runner.input('01-A01-01');
    const scans: Promise<void>[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const text of ['ITEM-001', String(round + 1), '01-P01-01']) scans.push(runner.input(text));
    }
    await Promise.all(scans);
    await runner.idle();
    expect(api.moveLines.mock.calls.map((call) => call[0].lines[0]!.quantity)).toEqual([1, 2, 3, 4, 5]);
    const moved = notices().filter((notice) => notice.key === 'handheld:successfullyMoved');
    expect(moved.map((notice) => notice.args?.quantity)).toEqual([1, 2, 3, 4, 5]);
    expect(notices()).toHaveLength(5);
    expect(runner.stepId).toBe('item');
  });
});

describe('a transfer whose answer was lost', () => {
  it('refuses other scans with retryFirst (neither lost silently nor a retry); Enter retries', async () => {
    const { runner, api, scan, notices } = setUp();
    api.moveLines.mockRejectedValueOnce(new StepFailure('errors:networkErrorTooManyRetries', {}, 0));
    await scan('01-A01-01', 'ITEM-001', '2', '01-P01-01');
    expect(runner.stepId).toBe('transfer');
    await scan('ITEM-001');
    expect(api.moveLines).toHaveBeenCalledTimes(1);
    expect(notices().at(-1)).toEqual({
      variant: 'danger',
      key: 'stockTransfer:retryFirst',
      args: { code: 'ITEM-001' },
    });
    await scan('');
    expect(api.moveLines).toHaveBeenCalledTimes(2);
    expect(runner.stepId).toBe('item');
  });
});

describe('the multi stock transfer counts collected lines against the free stock', () => {
  it('refuses a line that would take more than is left after the lines collected', async () => {
    let clock = 0;
    const effects: Notice[] = [];
    const runner = new WorkflowRunner(
      multiTransferSteps({ keeper: new IdempotencyKeeper(), confirmQc: async () => true, qcReason: () => '' }),
      initialMultiTransferState,
      { settings: defaultSystemSettings.scanner, services: fakeServices(), now: () => new Date((clock += 2000)) },
      'from',
      {
        restartOnInput: false,
        continueAfterFinish: (state) => ({ state: collectLine(state).state, stepId: 'item' }),
      },
    );
    runner.subscribeEffects((effect) => effects.push(...effect.notices));
    for (const text of ['01-P01-01', 'ITEM-001', '40', 'ITEM-001', '9']) await runner.input(text);
    await runner.idle();
    expect(runner.state.lines.map((line) => line.line.quantity)).toEqual([40]);
    expect(runner.stepId).toBe('quantity');
    expect(effects).toEqual([
      {
        variant: 'danger',
        key: 'stockTransfer:quantityAboveFree',
        args: { quantity: 9, free: 8, units: 'pcs', item: 'ITEM-001', location: '01-P01-01' },
      },
    ]);
  });
});

describe('the location stock transfer confirms by scanning the target again', () => {
  it('takes the same target scanned again 300 ms later as the confirmation; a double read within 80 ms is not', async () => {
    let clock = Date.parse('2025-06-15T10:00:00Z');
    const env = { settings: defaultSystemSettings.scanner, services: fakeServices(), now: () => new Date(clock) };
    const moveLocation = vi.fn(async (_request: unknown, keeper: IdempotencyKeeper) =>
      keeper.send(_request, async () => ({ transferId: 'T', lines: [] })),
    );
    const runner = new WorkflowRunner(
      locationTransferSteps({ keeper: new IdempotencyKeeper(), api: { ...fakeApi(), moveLocation } }),
      initialLocationTransferState,
      env,
      'from',
      { restartOnInput: false, continueAfterFinish: () => ({ state: initialLocationTransferState() }) },
    );
    const at = async (ms: number, text: string) => {
      clock += ms;
      await runner.input(text);
    };
    await at(0, '01-A01-01');
    await at(500, '01-EMPTY');
    expect(runner.stepId).toBe('confirm');
    await at(40, '01-EMPTY');
    expect(moveLocation).not.toHaveBeenCalled();
    expect(runner.snapshot.ignored?.reason).toBe('doubleRead');
    await at(300, '01-EMPTY');
    await runner.idle();
    expect(moveLocation).toHaveBeenCalledTimes(1);
    expect(runner.stepId).toBe('from');
  });
});
