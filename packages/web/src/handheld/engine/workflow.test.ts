import {
  fromThousandths,
  type BinLocation,
  type LocationContentRow,
  type StockTransferLinesRequest,
} from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { WorkflowRunner } from './runner.js';
import { doStep } from './steps/do.js';
import { finishStep } from './steps/finish.js';
import { itemIdentificationSteps } from './steps/item-identification.js';
import { locationStep } from './steps/location.js';
import { quantityStep } from './steps/quantity.js';
import { FakeServices, contentRow, makeBatch, makeEnv, makeItem, makeLocation, makeSerial } from './testing/fakes.js';
import type { ItemIdentification, Step, WorkflowEffects } from './types.js';

/** A stock transfer as the apps build it: from location, item (batch, lot, serial), quantity, to location, do. */
interface TransferState {
  idempotencyKey: string;
  from: BinLocation | null;
  contents: LocationContentRow[] | null;
  ident: ItemIdentification | null;
  quantity: number;
  to: BinLocation | null;
}

function transferWorkflow(transfer: (request: StockTransferLinesRequest, key: string) => Promise<void>) {
  const steps: Step<TransferState>[] = [
    locationStep<TransferState>({
      id: 'from',
      next: 'item',
      loadContents: true,
      set: (state, from, contents) => ({ ...state, from, contents }),
    }),
    ...itemIdentificationSteps<TransferState>({
      id: 'item',
      next: 'quantity',
      get: (state) => state.ident,
      set: (state, ident) => ({ ...state, ident }),
      source: (state) => (state.from ? { location: state.from, contents: state.contents } : null),
    }),
    quantityStep<TransferState>({
      id: 'quantity',
      next: 'to',
      get: (state) => state.quantity,
      set: (state, quantity) => ({ ...state, quantity }),
      item: (state) => state.ident?.item ?? null,
      batch: (state) => state.ident?.batch ?? null,
    }),
    locationStep<TransferState>({
      id: 'to',
      next: 'transfer',
      set: (state, to) => ({ ...state, to }),
      check: (state, to) =>
        state.from?.code === to.code
          ? { variant: 'danger', key: 'sameSourceAndTarget', args: { code: to.code } }
          : null,
    }),
    doStep<TransferState>({
      id: 'transfer',
      next: 'done',
      action: async (state) => {
        const { from, ident, to } = state;
        await transfer(
          {
            lines: [
              {
                fromLocation: from!.code,
                item: ident!.item.code,
                batch: ident!.batch,
                lot: ident!.lot,
                serial: ident!.serial,
                quantity: fromThousandths(state.quantity),
              },
            ],
            toLocation: to!.code,
          },
          state.idempotencyKey,
        );
        return {
          notices: [
            {
              variant: 'success',
              key: 'handheld:successfullyMoved',
              args: {
                quantity: fromThousandths(state.quantity),
                item: ident!.item.code,
                from: from!.code,
                to: to!.code,
              },
            },
          ],
          sounds: ['success'],
        };
      },
    }),
    finishStep<TransferState>({ id: 'done' }),
  ];
  return steps;
}

function setup() {
  const services = new FakeServices();
  services.items = [
    makeItem({ code: 'PAINT', managedBy: 'BATCH_NUMBER', barcode: '4012345000009' }),
    makeItem({ code: 'LAPTOP', managedBy: 'SERIAL_NUMBER' }),
  ];
  services.locations = [makeLocation({ code: 'A-01' }), makeLocation({ code: 'B-01', barcode: 'LOC-B01' })];
  services.contents.set('A-01', [
    contentRow('PAINT', 5, [{ code: 'B-RED', quantity: 5 }]),
    contentRow('LAPTOP', 1, [{ code: null, quantity: 1, serials: [['SN1', 'LOT-A']] }]),
  ]);
  services.batches = [makeBatch('PAINT', 'B-RED')];
  services.serials = [makeSerial('LAPTOP', 'SN1', 'LOT-A')];
  const env = makeEnv(services);
  const requests: { request: StockTransferLinesRequest; key: string }[] = [];
  let failNext = true;
  const transfer = async (request: StockTransferLinesRequest, key: string) => {
    requests.push({ request, key });
    if (failNext) {
      failNext = false;
      throw Object.assign(new Error('offline'), { status: 0, key: 'unknownNetworkError', args: {} });
    }
  };
  let keys = 0;
  const runner = new WorkflowRunner<TransferState>(
    transferWorkflow(transfer),
    () => ({ idempotencyKey: `key-${++keys}`, from: null, contents: null, ident: null, quantity: 0, to: null }),
    env,
    'from',
  );
  const effects: WorkflowEffects<TransferState>[] = [];
  runner.subscribeEffects((effect) => effects.push(effect));
  const scan = async (text: string) => {
    env.clock.at += 1500;
    await runner.input(text);
  };
  return { runner, scan, effects, requests };
}

describe('a stock-transfer-like workflow over fake services', () => {
  it('moves a batch: from, item (batch auto-selected), quantity, to, transfer retried with the same key', async () => {
    const { runner, scan, effects, requests } = setup();
    await scan('NOWHERE');
    expect(runner.stepId).toBe('from');
    expect(effects.at(-1)!.notices).toEqual([{ variant: 'danger', key: 'unknownLocation', args: { code: 'NOWHERE' } }]);
    expect(runner.state.from).toBeNull();

    await scan('a-01');
    expect(runner.stepId).toBe('item');
    await scan('4012345000009');
    expect(runner.stepId).toBe('quantity');
    expect(runner.state.ident).toMatchObject({ item: { code: 'PAINT' }, batch: 'B-RED' });
    await scan('abc');
    expect(effects.at(-1)!.notices[0]!.key).toBe('handheld:notANumber');
    await scan('3');
    expect(runner.stepId).toBe('to');
    await scan('A-01');
    expect(effects.at(-1)!.notices).toEqual([
      { variant: 'danger', key: 'sameSourceAndTarget', args: { code: 'A-01' } },
    ]);
    expect(runner.stepId).toBe('to');

    await scan('loc-b01');
    expect(runner.stepId).toBe('transfer');
    expect(effects.at(-1)).toMatchObject({
      notices: [{ variant: 'danger', key: 'unknownNetworkError', args: {} }],
      sounds: ['error'],
    });
    await scan('');
    expect(runner.snapshot.finished).toBe(true);
    expect(effects.at(-1)).toMatchObject({ finished: true });
    const success = effects.find((effect) => effect.notices[0]?.variant === 'success')!;
    expect(success.notices[0]).toEqual({
      variant: 'success',
      key: 'handheld:successfullyMoved',
      args: { quantity: 3, item: 'PAINT', from: 'A-01', to: 'B-01' },
    });
    expect(success.sounds).toEqual(['success']);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(requests[1]);
    expect(requests[0]).toEqual({
      key: 'key-1',
      request: {
        lines: [{ fromLocation: 'A-01', item: 'PAINT', batch: 'B-RED', lot: null, serial: null, quantity: 3 }],
        toLocation: 'B-01',
      },
    });

    await scan('A-01');
    expect(runner.stepId).toBe('item');
    expect(runner.state).toMatchObject({ idempotencyKey: 'key-2', ident: null, quantity: 0, to: null });
  });

  it('moves a serial: the lot is auto-selected, the serial scanned; back returns to the last question asked', async () => {
    const { runner, scan, effects, requests } = setup();
    await scan('A-01');
    await scan('LAPTOP');
    expect(runner.stepId).toBe('itemSerial');
    expect(runner.state.ident?.lot).toBe('LOT-A');
    await scan('SN1');
    expect(effects.at(-1)!.sounds).toEqual(['serial']);
    expect(runner.stepId).toBe('quantity');
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('itemSerial');
    expect(runner.state.ident?.serial).toBeNull();
    await scan('SN1');
    await scan('1');
    await scan('B-01');
    expect(runner.stepId).toBe('transfer');
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('to');
    await scan('B-01');
    expect(runner.snapshot.finished).toBe(true);
    expect(requests.map((request) => request.key)).toEqual(['key-1', 'key-1']);
    expect(requests.at(-1)!.request.lines[0]).toMatchObject({
      item: 'LAPTOP',
      lot: 'LOT-A',
      serial: 'SN1',
      quantity: 1,
    });
  });
});
