import {
  fromThousandths,
  gtinCandidates,
  quantityScale,
  readCompoundBarcode,
  samePaddedCode,
  toThousandths,
  type CompoundBarcode,
  type FinishedGoodsOrder,
} from '@wms/contract';
import { namesItem } from '../../handheld/engine/item-codes.js';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation, quantityCommand } from '../../handheld/engine/patterns.js';
import { Gs1ScanRefused, resolveItemScan } from '../../handheld/engine/resolve-item.js';
import { parseDate } from '../../handheld/engine/steps/find-date.js';
import { stay, type Step, type StepOutcome, type WorkflowEnv } from '../../handheld/engine/types.js';
import { finishedGoodsApi } from './fgr-api.js';
import {
  fg,
  initialFinishedGoodsState,
  isSerialItem,
  nextQuestion,
  stateForOrder,
  type FinishedGoodsState,
  type PalletData,
} from './fgr-state.js';

type S = FinishedGoodsState;
export type StepsApi = Pick<typeof finishedGoodsApi, 'order' | 'ordersOfItem'>;

/** Typed dates accepted at the date questions (a scanned GS1 date is read too). */
const typedDateFormats = ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD/MM/YYYY', 'DDMMYYYY', 'YYMMDD'];

function typedDate(text: string, now: Date): string | null {
  for (const format of typedDateFormats) {
    const date = parseDate(text, format, now);
    if (date) return date.toISOString().slice(0, 10);
  }
  return null;
}

/** The GS1 reading of a scan (null: not GS1); a GS1 scan that breaks a rule is thrown as its refusal. */
function gs1Reading(text: string, now: Date): CompoundBarcode | null {
  const { readings, refusal } = readCompoundBarcode(text, now);
  if (refusal) throw new Gs1ScanRefused(refusal);
  return readings.find((reading) => reading.gs1 !== null) ?? null;
}

/** Whether a scanned text is the produced item's own code or barcode (not the answer asked for). */
const isItemCode = (state: S, text: string): boolean => state.item !== null && namesItem(state.item, text);

/** Whether a GS1 reading names another item than the order's (a GTIN that is none of its codes). */
function namesOtherItem(state: S, reading: CompoundBarcode): boolean {
  const code = reading.itemCode;
  if (code === null || state.item === null) return false;
  const item = state.item;
  return ![code, ...gtinCandidates(code)].some((candidate) => namesItem(item, candidate));
}

const itemArgs = (state: S) => ({ item: state.order?.item.code ?? '', units: state.order?.item.units ?? '' });

/** The args of moreThanProducedQuantity for a quantity (thousandths) of the order. */
function tooMuch(order: FinishedGoodsOrder, quantity: number) {
  return {
    max: order.maximumQuantity,
    reported: order.reportedQuantity,
    received: order.receivedQuantity,
    quantity: fromThousandths(quantity),
  };
}

/** Whether the batch is known for the item, and its expiry. */
async function knownBatch(env: WorkflowEnv, order: FinishedGoodsOrder, batch: string) {
  const found = await env.services.findBatches(batch, order.item.code);
  return found.find((candidate) => samePaddedCode(candidate.code, batch)) ?? null;
}

/** Takes a batch answer: known batches keep their dates (nothing more is asked of them). */
async function withBatch(state: S, env: WorkflowEnv, batch: string, dates: Partial<S> = {}): Promise<S> {
  const known = state.order ? await knownBatch(env, state.order, batch) : null;
  const again = state.confirmingBatch !== null && samePaddedCode(state.confirmingBatch, batch);
  return {
    ...state,
    ...dates,
    batch: known?.code ?? batch,
    batchKnown: known !== null,
    confirmingBatch: again ? state.confirmingBatch : null,
    batchExpiryConfirmed: again,
  };
}

const answered = (state: S): StepOutcome<S> => go(state, nextQuestion(state));

/**
 * 'order': the production order or work order code, or a pallet label (GS1: 01 item, 10 batch,
 * 17 expiry, 11 production date, 21 serial) or item code whose item has exactly one order with
 * output to receive. The order's output must not be received already.
 */
function orderStep(api: StepsApi): Step<S> {
  const chosen = async (state: S, env: WorkflowEnv, order: FinishedGoodsOrder, pallet: PalletData | null) => {
    if (order.maximumQuantity <= 0) {
      return refuse(state, 'finishedGoodsReceipt:nothingToReceive', {
        order: order.order,
        reported: order.reportedQuantity,
        received: order.receivedQuantity,
      });
    }
    const item = (await env.services.findItem(order.item.code))?.item ?? null;
    const next = { ...stateForOrder(order, pallet), item };
    return answered(next.batch === null ? next : await withBatch(next, env, next.batch));
  };
  return {
    id: 'order',
    prompt: () => fg('prompt.order'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const order = await api.order(text);
      if (order) return chosen(state, env, order, null);
      const resolved = await resolveItemScan(text, env);
      if (!resolved) return refuse(state, 'unknownProductionOrder', { code: text });
      const { item } = resolved.answer;
      const barcode = resolved.barcode;
      const orders = await api.ordersOfItem(item.code);
      if (orders.length === 0) return refuse(state, 'finishedGoodsReceipt:noOrderForItem', { item: item.code });
      if (orders.length > 1) {
        const codes = orders.map((o) => o.order).join(', ');
        return refuse(state, 'finishedGoodsReceipt:severalOrdersForItem', { item: item.code, orders: codes });
      }
      const pallet: PalletData = {
        item: item.code,
        batch: barcode?.batchCode ?? null,
        expirationDate: barcode?.expirationDate ?? null,
        manufacturingDate: barcode?.gs1?.productionDate ?? null,
        serial: barcode?.serialCode ?? null,
      };
      return chosen(state, env, orders[0]!, pallet);
    },
  };
}

/** 'batch': typed or scanned, or a GS1 barcode of the item with its dates. The batch the server asked about, again, confirms its known expiry. */
function batchStep(): Step<S> {
  return {
    id: 'batch',
    prompt: (state) =>
      state.confirmingBatch
        ? fg('prompt.confirmBatch', { ...itemArgs(state), batch: state.confirmingBatch })
        : fg('prompt.batch', itemArgs(state)),
    repeatScans: (state) => state.confirmingBatch !== null,
    async input(state, text, env) {
      const { order } = state;
      if (!order) return go(state, 'order');
      if (text === '') return { state, next: stay };
      const reading = gs1Reading(text, env.now());
      if (reading) {
        if (namesOtherItem(state, reading)) {
          return refuse(state, 'wrongItemScanned', { expected: order.item.code, scanned: reading.itemCode });
        }
        if (!reading.batchCode) return refuse(state, 'finishedGoodsReceipt:noBatchInBarcode', itemArgs(state));
        const dates = {
          expirationDate: reading.expirationDate ?? state.expirationDate,
          manufacturingDate: reading.gs1?.productionDate ?? state.manufacturingDate,
        };
        return answered(await withBatch(state, env, reading.batchCode, dates));
      }
      if (isItemCode(state, text)) return refuse(state, 'finishedGoodsReceipt:scanBatchNotItem', itemArgs(state));
      if (text.length > 100) return refuse(state, 'finishedGoodsReceipt:codeTooLong', { max: 100 });
      return answered(await withBatch(state, env, text));
    },
  };
}

/** 'expiry' or 'productionDate' of a new batch: typed, or the date of a GS1 barcode of the item (AI 17 or 11). */
function dateStep(id: 'expiry' | 'productionDate'): Step<S> {
  const field = id === 'expiry' ? 'expirationDate' : 'manufacturingDate';
  return {
    id,
    prompt: (state) => fg(`prompt.${id}`, { ...itemArgs(state), batch: state.batch ?? '' }),
    async input(state, text, env) {
      if (!state.order) return go(state, 'order');
      if (text === '') return { state, next: stay };
      const typed = typedDate(text, env.now());
      if (typed) return answered({ ...state, [field]: typed });
      const reading = gs1Reading(text, env.now());
      if (reading && namesOtherItem(state, reading)) {
        return refuse(state, 'wrongItemScanned', { expected: state.order.item.code, scanned: reading.itemCode });
      }
      const date = id === 'expiry' ? reading?.expirationDate : reading?.gs1?.productionDate;
      if (date) return answered({ ...state, [field]: date });
      return refuse(state, 'finishedGoodsReceipt:notADate', { value: text, format: typedDateFormats[0] });
    },
  };
}

/**
 * 'serial': one scan per unit (typed, scanned, or AI 21 of a GS1 barcode of the item). Enter or
 * OK ends the loop; it ends by itself when the receivable quantity is reached. A serial scanned
 * twice, or more units than the order may still receive, are refused.
 */
function serialStep(): Step<S> {
  return {
    id: 'serial',
    prompt: (state) =>
      fg('prompt.serial', {
        ...itemArgs(state),
        count: state.serials.length,
        open: state.order?.receivableQuantity ?? 0,
      }),
    async input(state, text, env) {
      const { order } = state;
      if (!order) return go(state, 'order');
      if (isConfirmation(text, env.settings)) {
        return state.serials.length === 0 ? { state, next: stay } : answered({ ...state, serialsDone: true });
      }
      const reading = gs1Reading(text, env.now());
      if (reading && namesOtherItem(state, reading)) {
        return refuse(state, 'wrongItemScanned', { expected: order.item.code, scanned: reading.itemCode });
      }
      if (!reading && isItemCode(state, text)) {
        return refuse(state, 'finishedGoodsReceipt:scanSerialNotItem', itemArgs(state));
      }
      const serial = reading ? reading.serialCode : text;
      if (!serial) return refuse(state, 'finishedGoodsReceipt:noSerialInBarcode', itemArgs(state));
      if (state.serials.some((known) => samePaddedCode(known, serial))) {
        return refuse(state, 'serialAlreadyExists', { serial, item: order.item.code });
      }
      const count = (state.serials.length + 1) * quantityScale;
      if (count > toThousandths(order.maximumQuantity))
        return refuse(state, 'moreThanProducedQuantity', tooMuch(order, count));
      const next = { ...state, serials: [...state.serials, serial] };
      if (count >= toThousandths(order.receivableQuantity))
        return go({ ...next, serialsDone: true }, nextQuestion({ ...next, serialsDone: true }), { sounds: ['beep'] });
      return { state: next, next: stay, sounds: ['serial'] };
    },
  };
}

/** A typed amount (a comma may be the decimal separator); null when it is not a number. */
function typedAmount(text: string): number | null {
  const normalized = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return toThousandths(Number(normalized));
}

/**
 * 'quantity': defaults to what was reported but not received. Enter or OK confirms it; a number
 * replaces it and confirms; the plus and minus codes change it. More than the order may still
 * receive (reported + tolerance - received) is refused at once.
 */
function quantityQuestion(): Step<S> {
  const confirm = (state: S, quantity: number, text: string): StepOutcome<S> => {
    const { order } = state;
    if (!order) return go(state, 'order');
    if (quantity <= 0) return refuse(state, 'notANumber', { value: text });
    if (quantity > toThousandths(order.maximumQuantity)) {
      return refuse(state, 'moreThanProducedQuantity', tooMuch(order, quantity));
    }
    return answered({ ...state, quantity, quantityDone: true });
  };
  return {
    id: 'quantity',
    prompt: (state) => fg('prompt.quantity', { ...itemArgs(state), quantity: fromThousandths(state.quantity) }),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return confirm(state, state.quantity, text);
      const command = quantityCommand(text, env.settings);
      if (command && command.kind !== 'ok') {
        const amount = command.amount === null ? quantityScale : (typedAmount(command.amount) ?? quantityScale);
        const quantity = Math.max(0, state.quantity + (command.kind === 'plus' ? amount : -amount));
        return { state: { ...state, quantity }, next: stay };
      }
      const amount = typedAmount(text);
      if (amount === null) return refuse(state, 'notANumber', { value: text });
      return confirm(state, amount, text);
    },
  };
}

/** 'target': Enter or OK takes the proposed location; a scanned location replaces it. */
function targetStep(): Step<S> {
  return {
    id: 'target',
    prompt: (state) => (state.target ? fg('prompt.targetProposed', { location: state.target }) : fg('prompt.target')),
    async input(state, text, env) {
      if (!state.order) return go(state, 'order');
      if (isConfirmation(text, env.settings)) {
        return state.target ? go({ ...state, targetDone: true, failed: false }, 'receive') : { state, next: stay };
      }
      const location = await env.services.findLocation(text);
      if (!location) return refuse(state, 'unknownLocation', { code: text });
      return go({ ...state, target: location.code, targetDone: true, failed: false }, 'receive');
    },
  };
}

/** The question steps, in order (the receive step is added by the workflow). */
export function questionSteps(api: StepsApi = finishedGoodsApi): Step<S>[] {
  return [
    orderStep(api),
    batchStep(),
    dateStep('expiry'),
    dateStep('productionDate'),
    serialStep(),
    quantityQuestion(),
    targetStep(),
  ];
}

/** The state after a refusal of the server, and the question to ask again. */
export function routeRefusal(state: S, key: string, args: Record<string, unknown>): { state: S; next: string } {
  switch (key) {
    case 'moreThanProducedQuantity':
      return state.order && isSerialItem(state.order)
        ? { state: { ...state, serials: [], serialsDone: false }, next: 'serial' }
        : { state: { ...state, quantityDone: false }, next: 'quantity' };
    case 'batchExistsWithOtherExpiry':
      return {
        state: { ...state, confirmingBatch: typeof args.batch === 'string' ? args.batch : (state.batch ?? '') },
        next: 'batch',
      };
    case 'batchRequired':
    case 'batchAlreadyExpired':
      return { state: { ...state, batch: null, batchKnown: false, expirationDate: null }, next: 'batch' };
    case 'expirationDateRequired':
      return { state: { ...state, expirationDate: null }, next: 'expiry' };
    case 'manufacturingDateRequired':
      return { state: { ...state, manufacturingDate: null }, next: 'productionDate' };
    case 'serialRequired':
    case 'serialAlreadyExists':
      return { state: { ...state, serials: [], serialsDone: false }, next: 'serial' };
    case 'unknownProductionOrder':
      return { state: initialFinishedGoodsState(), next: 'order' };
    default:
      return { state: { ...state, targetDone: false }, next: 'target' };
  }
}
