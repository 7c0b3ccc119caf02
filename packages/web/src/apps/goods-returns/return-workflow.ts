import {
  fromThousandths,
  samePaddedCode,
  type GoodsReturn,
  type GoodsReturnLine,
  type GoodsReturnProgressAnswer,
} from '@wms/contract';
import { scanQuantityOf } from '../../handheld/engine/item-codes.js';
import { failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import { finish, stay, type Step, type StepOutcome, type WorkflowEnv } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import { returnApi } from './returns-api.js';
import { conditionOf, draftLine, emptyDraft, gr, lineForItem, progressBody, type ReturnDraft } from './return-state.js';

export interface ReturnWorkflowDeps {
  /** The return as last loaded (claimed); null while loading. */
  goodsReturn(): GoodsReturn | null;
  /** The device-made Idempotency-Key of the entry, kept until an answer is known. */
  keeper: IdempotencyKeeper;
  /** The return as an answer returned it (lines, entries). */
  onReturn(goodsReturn: GoodsReturn): void;
  /** The calls (tests replace them). */
  api?: Pick<typeof returnApi, 'progress'>;
}

type Outcome = StepOutcome<ReturnDraft>;

/** The server key of a keyed failure (errors:<key>), else null. */
function serverKey(error: unknown): string | null {
  return error instanceof StepFailure && error.key.startsWith('errors:') ? error.key.slice('errors:'.length) : null;
}

const unitArgs = (deps: ReturnWorkflowDeps, state: ReturnDraft, unit: string) => ({
  item: state.item?.code ?? '',
  unit,
  customer: deps.goodsReturn()?.partner?.code ?? '',
});

/** After the item is known: its batch, its serial, or the quantity. */
function afterItem(state: ReturnDraft): Outcome {
  const managedBy = state.item?.managedBy;
  if (managedBy === 'BATCH_NUMBER') return go(state, 'batch');
  if (managedBy === 'SERIAL_NUMBER') return go({ ...state, quantity: 1000 }, 'serial');
  return go(state, 'quantity');
}

/** A delivered serial of the line that may come back: the condition question; else refused, nothing changes. */
function checkSerial(deps: ReturnWorkflowDeps, state: ReturnDraft, line: GoodsReturnLine, code: string): Outcome {
  const allowed = line.allowedBatchesSerials.serials.find((serial) => samePaddedCode(serial.serial, code));
  if (!allowed) return refuse(state, 'batchSerialNotDeliveredToCustomer', unitArgs(deps, state, code));
  if (!allowed.returnable) {
    return refuse(state, 'returnQuantityExceedsDelivered', { ...unitArgs(deps, state, allowed.serial), returnable: 0 });
  }
  return go({ ...state, serial: allowed.serial, quantity: 1000 }, 'condition');
}

/**
 * 'item': an item of the return (code or barcode) selects its line; a serial number delivered to
 * the customer selects its item's line and the serial at once. Anything else is refused.
 */
function itemStep(deps: ReturnWorkflowDeps): Step<ReturnDraft> {
  return {
    id: 'item',
    prompt: () => gr('prompt.item'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const goodsReturn = deps.goodsReturn();
      if (!goodsReturn) return refuse(state, 'goodsReturns:returnNotLoaded');
      const found = await env.services.findItem(text);
      if (found) {
        const line = lineForItem(goodsReturn, found.item.code);
        if (!line)
          return refuse(state, 'goodsReturns:itemNotOnReturn', { item: found.item.code, code: goodsReturn.code });
        const quantity = Math.min(scanQuantityOf(found.quantity), 1000 * Math.max(1, line.returnableQuantity));
        return afterItem({ ...emptyDraft(state.code), line: line.line, item: found.item, quantity });
      }
      const [serial] = await env.services.findSerials(text);
      const line = serial ? lineForItem(goodsReturn, serial.itemCode) : null;
      if (!serial || !line) return refuse(state, 'itemIdentification.unknownItemForCode', { code: text });
      const item = await env.services.findItem(serial.itemCode);
      if (!item) return refuse(state, 'itemIdentification.unknownItemForCode', { code: text });
      const draft = { ...emptyDraft(state.code), line: line.line, item: item.item };
      return checkSerial(deps, draft, line, serial.code);
    },
  };
}

/** 'serial': a serial number of the item delivered to the customer. */
function serialStep(deps: ReturnWorkflowDeps): Step<ReturnDraft> {
  return {
    id: 'serial',
    prompt: (state) => gr('prompt.serial', { item: state.item?.code ?? '' }),
    input(state, text) {
      const line = draftLine(deps.goodsReturn(), state);
      if (!line) return Promise.resolve(go(emptyDraft(state.code), 'item'));
      if (text === '') return Promise.resolve<Outcome>({ state, next: stay });
      return Promise.resolve(checkSerial(deps, state, line, text));
    },
  };
}

/** 'batch': a batch of the item delivered to the customer with something left to return. */
function batchStep(deps: ReturnWorkflowDeps): Step<ReturnDraft> {
  return {
    id: 'batch',
    prompt: (state) => gr('prompt.batch', { item: state.item?.code ?? '' }),
    input(state, text) {
      const line = draftLine(deps.goodsReturn(), state);
      if (!line) return Promise.resolve(go(emptyDraft(state.code), 'item'));
      if (text === '') return Promise.resolve<Outcome>({ state, next: stay });
      const allowed = line.allowedBatchesSerials.batches.find((batch) => samePaddedCode(batch.batch, text));
      if (!allowed)
        return Promise.resolve(refuse(state, 'batchSerialNotDeliveredToCustomer', unitArgs(deps, state, text)));
      if (allowed.returnableQuantity <= 0) {
        const args = { ...unitArgs(deps, state, allowed.batch), returnable: 0 };
        return Promise.resolve(refuse(state, 'returnQuantityExceedsDelivered', args));
      }
      return Promise.resolve(go({ ...state, batch: allowed.batch }, 'quantity'));
    },
  };
}

/** 'condition': a decision; the buttons send the condition's name, a scan of the name or its number works too. */
function conditionStep(): Step<ReturnDraft> {
  return {
    id: 'condition',
    prompt: (state) =>
      gr('prompt.condition', {
        quantity: fromThousandths(state.quantity),
        item: state.item?.code ?? '',
        unit: state.serial ?? state.batch ?? '',
      }),
    input(state, text) {
      const condition = conditionOf(text);
      if (!condition) return Promise.resolve(refuse(state, 'returnConditionRequired', { value: text }));
      return Promise.resolve(go({ ...state, condition }, 'commit'));
    },
  };
}

/** Where a refused entry goes back to: the question whose answer the server refused. */
function refusalRoute(state: ReturnDraft, key: string): { state: ReturnDraft; next: string } {
  const cleared = { ...state, failed: false };
  switch (key) {
    case 'batchSerialNotDeliveredToCustomer':
    case 'serialAlreadyExists':
    case 'serialRequired':
    case 'batchRequired':
      return state.item?.managedBy === 'BATCH_NUMBER'
        ? { state: { ...cleared, batch: null }, next: 'batch' }
        : { state: { ...cleared, serial: null }, next: 'serial' };
    case 'returnQuantityExceedsDelivered':
      return state.item?.managedBy === 'SERIAL_NUMBER'
        ? { state: { ...cleared, serial: null }, next: 'serial' }
        : { state: cleared, next: 'quantity' };
    case 'returnConditionRequired':
    case 'returnTargetLocationMissing':
      return { state: { ...cleared, condition: null }, next: 'condition' };
    default:
      return { state: emptyDraft(state.code), next: 'item' };
  }
}

function savedNotice(state: ReturnDraft, answer: GoodsReturnProgressAnswer) {
  const entry = answer.return.entries.find((e) => e.id === answer.entryId);
  return {
    variant: 'success' as const,
    key: 'goodsReturns:saved' as const,
    args: {
      quantity: entry?.quantity ?? fromThousandths(state.quantity),
      item: state.item?.code ?? '',
      unit: state.serial ?? state.batch ?? '',
      location: entry?.target ?? '',
    },
  };
}

/** 'commit': saves the entry (update_progress_line) with the kept key; a failure without an answer offers a retry. */
function commitStep(deps: ReturnWorkflowDeps): Step<ReturnDraft> {
  const api = deps.api ?? returnApi;
  const send = async (state: ReturnDraft): Promise<Outcome> => {
    if (state.line === null || !state.item || !state.condition) return go(emptyDraft(state.code), 'item');
    try {
      const answer = await api.progress(state.code, progressBody(state), deps.keeper);
      deps.onReturn(answer.return);
      return {
        state: { ...state, failed: false },
        next: finish,
        notices: [savedNotice(state, answer)],
        sounds: ['success'],
      };
    } catch (error) {
      const key = serverKey(error);
      if (key === null || answerUnknown(error)) {
        return { state: { ...state, failed: true }, next: stay, notices: [failureNotice(error)], sounds: ['error'] };
      }
      return { ...refusalRoute(state, key), notices: [failureNotice(error)], sounds: ['error'] };
    }
  };
  return {
    id: 'commit',
    prompt: (state) => gr(state.failed ? 'prompt.retry' : 'prompt.saving'),
    enter: (state) => send(state),
    input: (state, text, env: WorkflowEnv) =>
      isConfirmation(text, env.settings)
        ? send(state)
        : Promise.resolve(refuse(state, 'goodsReturns:retryFirst', { code: text })),
  };
}

/** The return screen's questions: item (or a serial) -> batch or serial -> quantity -> condition -> commit. */
export function returnSteps(deps: ReturnWorkflowDeps): Step<ReturnDraft>[] {
  const quantity = quantityStep<ReturnDraft>({
    id: 'quantity',
    next: 'condition',
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value }),
    item: (state) => state.item,
    batch: (state) => state.batch,
    prompt: (state) =>
      gr('prompt.quantity', {
        item: state.item?.code ?? '',
        quantity: fromThousandths(state.quantity),
        units: state.item?.units ?? '',
        returnable: draftLine(deps.goodsReturn(), state)?.returnableQuantity ?? 0,
      }),
  });
  return [itemStep(deps), batchStep(deps), serialStep(deps), quantity, conditionStep(), commitStep(deps)];
}

/** Steps where the OK button confirms. */
export const confirmingSteps: ReadonlySet<string> = new Set(['quantity']);
