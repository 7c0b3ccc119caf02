import type { GoodsReceipt, ManagerApproval, ReceiptProgressAnswer, ReceiptProgressRequest } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { WorkflowRunner } from '../../handheld/engine/runner.js';
import { FakeServices, makeEnv } from '../../handheld/engine/testing/fakes.js';
import type { WorkflowEffects } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../handheld/keyed-failure.js';
import { emptyDraft, withProgress, type ReceiptDraft } from './receipt-state.js';
import { receiptSteps } from './receipt-workflow.js';
import { cart, entry, items, receipt, staging } from './test-fixtures.js';

interface SentProgress {
  line: number;
  body: ReceiptProgressRequest;
  key: string;
  approval: ManagerApproval | undefined;
}

/** What the fake server answers to the n-th progress call (index from 0): an answer, or a thrown failure. */
type Responder = (call: SentProgress, index: number) => StepFailure | 'ok';

function setup(
  respond: Responder = () => 'ok',
  options: { manager?: ManagerApproval | null; current?: GoodsReceipt } = {},
) {
  const services = new FakeServices();
  services.items = items;
  services.locations = [staging, cart];
  const env = makeEnv(services);
  const sent: SentProgress[] = [];
  const effects: WorkflowEffects<ReceiptDraft>[] = [];
  const keeper = new IdempotencyKeeper(() => `key-${sent.length + 1}-${Math.random()}`);
  const asked: unknown[] = [];
  let current = options.current ?? receipt;
  const steps = receiptSteps({
    receipt: () => current,
    keeper,
    askManager: async (reason) => {
      asked.push(reason);
      return options.manager ?? null;
    },
    onProgress: (answer) => {
      current = withProgress(current, answer);
    },
    api: {
      progress: (code, line, body, kept, approval) =>
        kept.send({ code, line, body }, async (key) => {
          const call = { line, body, key, approval };
          sent.push(call);
          const answer = respond(call, sent.length - 1);
          if (answer !== 'ok') throw answer;
          const row = current.lines.find((candidate) => candidate.line === line)!;
          const target = { targetLocation: body.targetLocation ?? '01-RECEIVE' };
          // A serial item's units are one entry each.
          const entries = body.serials?.length
            ? body.serials.map((serial) => entry(row, 1, { ...target, serial }))
            : [entry(row, body.quantity ?? 0, target)];
          const result: ReceiptProgressAnswer = {
            code: current.code,
            status: 'IN_PROGRESS',
            version: current.version + 1,
            line: row,
            entries,
            approvedBy: null,
          };
          return result;
        }),
    },
  });
  const runner = new WorkflowRunner<ReceiptDraft>(steps, () => emptyDraft('GR-1'), env, 'item', {
    restartOnInput: false,
    continueAfterFinish: () => ({ state: emptyDraft('GR-1') }),
  });
  runner.subscribeEffects((effect) => effects.push(effect));
  /** Scans a text (the clock moves 2 s, past the double-read window). */
  const scan = async (text: string) => {
    env.clock.at += 2000;
    await runner.input(text);
    await runner.idle();
  };
  const notices = () => effects.flatMap((effect) => effect.notices);
  return { runner, scan, sent, notices, keeper, asked, services };
}

describe('goods receipt workflow', () => {
  it('asks item, quantity and target for a NORMAL item, and saves one entry', async () => {
    const { runner, scan, sent, notices } = setup();
    await runner.idle();
    expect(runner.stepId).toBe('item');
    await scan('8712345000134');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.quantity).toBe(1000);
    await scan('8712345000134');
    expect(runner.state.quantity).toBe(2000);
    await scan('[PLUS3]');
    expect(runner.state.quantity).toBe(5000);
    await scan('');
    expect(runner.stepId).toBe('target');
    await scan('');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.line).toBe(0);
    expect(sent[0]!.body).toMatchObject({ quantity: 5, batch: null, serials: [], targetLocation: null });
    expect(notices()).toContainEqual({
      variant: 'success',
      key: 'goodsReceipt:received',
      args: { quantity: 5, units: 'pcs', item: 'ITEM-003', location: '01-RECEIVE' },
    });
    expect(runner.stepId).toBe('item');
    expect(runner.state).toEqual(emptyDraft('GR-1'));
  });

  it('counts barcodeInvQty per scan and sends a scanned cart as the target', async () => {
    const { runner, scan, sent } = setup();
    await scan('8712345000141');
    expect(runner.state.quantity).toBe(12000);
    await scan('8712345000141');
    expect(runner.state.quantity).toBe(24000);
    await scan('');
    await scan('CART-01');
    expect(sent[0]!.body).toMatchObject({ quantity: 24, targetLocation: 'CART-01' });
  });

  it('asks batch, expiry and supplier batch for a batch item, with the open quantity as default', async () => {
    const { runner, scan, sent } = setup();
    await scan('BATCH-001');
    expect(runner.stepId).toBe('batch');
    await scan('8712345000059');
    expect(runner.snapshot.notices[0]?.key).toBe('goodsReceipt:scanBatchNotItem');
    expect(runner.state.batch).toBeNull();
    await scan('B-2025-01');
    expect(runner.stepId).toBe('expiry');
    await scan('31-12-2027');
    expect(runner.stepId).toBe('manufacturingBatch');
    await scan('SUP-77');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.quantity).toBe(100_000);
    await scan('');
    await scan('');
    expect(sent[0]!.body).toMatchObject({
      quantity: 100,
      batch: 'B-2025-01',
      expirationDate: '2027-12-31',
      manufacturingBatch: 'SUP-77',
    });
  });

  it('fills batch and expiry from a GS1-128 scan (01, 10, 17) and production date from AI 11', async () => {
    const { runner, scan } = setup();
    await scan('(01)08712345000059(10)LOT42(11)250101(17)271231');
    expect(runner.stepId).toBe('manufacturingBatch');
    expect(runner.state).toMatchObject({
      batch: 'LOT42',
      expirationDate: '2027-12-31',
      manufacturingDate: '2025-01-01',
      line: 1,
    });
  });

  it('runs the serial loop: a duplicate is refused locally, Done ends it with the count as quantity', async () => {
    const { runner, scan, sent, notices } = setup();
    await scan('8712345000073');
    expect(runner.stepId).toBe('serial');
    await scan('');
    expect(notices().at(-1)?.key).toBe('goodsReceipt:noSerialsYet');
    await scan('SN-1');
    await scan('SN-2');
    await scan('sn-2');
    expect(notices().at(-1)).toEqual({
      variant: 'danger',
      key: 'serialAlreadyExists',
      args: { serial: 'sn-2', item: 'SERIAL-001' },
    });
    expect(runner.state.serials).toEqual(['SN-1', 'SN-2']);
    await scan('8712345000073');
    expect(notices().at(-1)?.key).toBe('goodsReceipt:scanSerialNotItem');
    await scan('SN-3');
    await scan('');
    expect(runner.stepId).toBe('target');
    await scan('');
    expect(sent[0]!.body).toMatchObject({ serials: ['SN-1', 'SN-2', 'SN-3'] });
    expect(sent[0]!.body.quantity).toBeUndefined();
    expect(notices().at(-1)).toMatchObject({ key: 'goodsReceipt:received', args: { quantity: 3, item: 'SERIAL-001' } });
  });

  it('refuses an item that is not on the receipt from its lines, sending nothing and changing nothing', async () => {
    const { runner, scan, sent, notices, services } = setup();
    await scan('8712345000999');
    expect(notices().at(-1)).toEqual({
      variant: 'danger',
      key: 'itemNotOnOrder',
      args: { item: 'ITEM-009', document: 'PO-1004' },
    });
    await scan('NO-SUCH-CODE');
    expect(notices().at(-1)?.key).toBe('handheld:itemIdentification.unknownItemForCode');
    expect(runner.stepId).toBe('item');
    expect(runner.state).toEqual(emptyDraft('GR-1'));
    expect(sent).toHaveLength(0);
    expect(services.calls.every((call) => call.startsWith('findItem:'))).toBe(true);
  });

  it('a wrong scan at the target step changes nothing and says why', async () => {
    const { runner, scan, sent, notices } = setup();
    await scan('ITEM-003');
    await scan('');
    const before = runner.state;
    await scan('NOWHERE');
    expect(notices().at(-1)).toEqual({ variant: 'danger', key: 'unknownLocation', args: { code: 'NOWHERE' } });
    expect(runner.stepId).toBe('target');
    expect(runner.state).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('resends an over-receipt with confirmations.quantity after the item is scanned again', async () => {
    const refusal = new StepFailure('errors:overReceiptNeedsConfirmation', { entry: 11, ordered: 10 }, 422);
    const { runner, scan, sent, notices } = setup((_call, index) => (index === 0 ? refusal : 'ok'));
    await scan('ITEM-003');
    await scan('11');
    await scan('');
    expect(runner.stepId).toBe('confirm');
    expect(notices().at(-1)).toMatchObject({ variant: 'warning', key: 'errors:overReceiptNeedsConfirmation' });
    await scan('NOT-THE-ITEM');
    expect(notices().at(-1)?.key).toBe('goodsReceipt:confirmQuantityFirst');
    expect(sent).toHaveLength(1);
    await scan('8712345000134');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toMatchObject({ quantity: 11, confirmations: { quantity: false, batchExpiry: false } });
    expect(sent[1]!.body).toMatchObject({ quantity: 11, confirmations: { quantity: true, batchExpiry: false } });
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(runner.stepId).toBe('item');
  });

  it('resends with confirmations.batchExpiry when the batch is scanned again', async () => {
    const refusal = new StepFailure('errors:batchExistsWithOtherExpiry', { batch: 'B1' }, 422);
    const { runner, scan, sent } = setup((_call, index) => (index === 0 ? refusal : 'ok'));
    await scan('(01)08712345000059(10)B1(17)271231');
    await scan('SUP-1');
    await scan('');
    await scan('');
    expect(runner.stepId).toBe('confirm');
    await scan('B1');
    expect(sent[1]!.body.confirmations).toEqual({ quantity: false, batchExpiry: true });
  });

  it('asks a manager on overReceiptNeedsManager and sends the approval with the entry', async () => {
    const refusal = new StepFailure('errors:overReceiptNeedsManager', { entry: 20 }, 422);
    const manager = { username: 'boss', password: 'secret' };
    const { runner, scan, sent, asked } = setup((call) => (call.approval ? 'ok' : refusal), { manager });
    await scan('ITEM-003');
    await scan('20');
    await scan('');
    expect(asked).toHaveLength(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.approval).toEqual(manager);
    expect(runner.stepId).toBe('item');
  });

  it('reuses the Idempotency-Key when an entry without an answer is retried', async () => {
    const lost = new StepFailure('errors:networkErrorTooManyRetries', {}, 0);
    const { runner, scan, sent, keeper } = setup((_call, index) => (index === 0 ? lost : 'ok'));
    await scan('ITEM-003');
    await scan('');
    await scan('');
    expect(runner.stepId).toBe('commit');
    expect(runner.state.failed).toBe(true);
    expect(keeper.pendingKey).toBe(sent[0]!.key);
    await scan('ITEM-003');
    expect(sent).toHaveLength(1);
    await scan('');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(keeper.pendingKey).toBeNull();
    expect(runner.stepId).toBe('item');
  });

  it('goes back to the serial loop without the serial the server refused', async () => {
    const refusal = new StepFailure('errors:serialAlreadyExists', { serial: 'SN-2', item: 'SERIAL-001' }, 422);
    const { runner, scan } = setup((_call, index) => (index === 0 ? refusal : 'ok'));
    await scan('SERIAL-001');
    await scan('SN-1');
    await scan('SN-2');
    await scan('');
    await scan('');
    expect(runner.stepId).toBe('serial');
    expect(runner.state.serials).toEqual(['SN-1']);
  });
});
