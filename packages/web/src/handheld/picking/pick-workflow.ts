import {
  fromThousandths,
  sameCode,
  toThousandths,
  type PickChange,
  type PickList,
  type PickListLine,
} from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../engine/outcomes.js';
import { isConfirmation } from '../engine/patterns.js';
import { doStep } from '../engine/steps/do.js';
import { itemIdentificationSteps } from '../engine/steps/item-identification.js';
import { locationStep } from '../engine/steps/location.js';
import { quantityStep } from '../engine/steps/quantity.js';
import { stay, type Step, type StepOutcome } from '../engine/types.js';
import type { IdempotencyKeeper } from '../idempotency-keeper.js';
import { pickingApi, type PickingApi } from './picking-api.js';
import { commitRefusal, serverKey } from './pick-refusals.js';
import {
  lineOf,
  locationAllowed,
  nextLineDraft,
  openLines,
  shortReasonOf,
  sp,
  suggestion,
  withIdentification,
  yesNoOf,
  type PickDraft,
  type PickLines,
} from './pick-state.js';
import { answerUnknown } from '../keyed-failure.js';

export interface PickWorkflowDeps {
  /** The claimed list as last loaded (the draft of the line asked: pick and collect answers its stop's line). */
  pickList(draft?: PickDraft): PickLines | null;
  /** The list as an answer returned it. */
  onList(list: PickList): void;
  /** What a pick changed (its answer carries the change only): the screen merges it (pick-state.ts withPick). */
  onPick(change: PickChange): void;
  /** The pick's device-made Idempotency-Key, kept until an answer is known (saved with the workflow). */
  keeper: IdempotencyKeeper;
  /** The short's key. */
  shortKeeper: IdempotencyKeeper;
  /** Every line is done and the picker confirmed: the screen runs the finish (flush). */
  onFinishAsked(): void;
  /** The calls (tests may replace them). */
  api?: Pick<PickingApi, 'pick' | 'short' | 'skip' | 'zeroCheck'>;
}

type Outcome = StepOutcome<PickDraft>;

/** The current line of the draft, from the list as last loaded. */
const currentLine = (deps: PickWorkflowDeps, state: PickDraft): PickListLine | null =>
  lineOf(deps.pickList(state), state.lineNumber);

const openOf = (line: PickListLine | null) => toThousandths(line?.openQuantity ?? 0);

/** 'line': the next open line in walk order (or the one being picked); none: 'done'. */
function lineStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const choose = async (state: PickDraft): Promise<Outcome | null> => {
    const list = deps.pickList();
    if (!list) return null;
    const current = currentLine(deps, state);
    if (current && current.openQuantity > 0) return go(state, 'location');
    const [next] = openLines(list);
    if (!next) return go(nextLineDraft(state), 'done');
    return go({ ...nextLineDraft(state), lineNumber: next.lineNumber }, 'location');
  };
  return {
    id: 'line',
    prompt: () => sp('prompt.loading'),
    enter: (state) => choose(state),
    input: async (state) => (await choose(state)) ?? { state, next: stay },
  };
}

/** 'identified': the item is known: its serials, its quantity, or the container when the scan covers the line. */
function identifiedStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const route = async (state: PickDraft): Promise<Outcome> => {
    const open = openOf(currentLine(deps, state));
    if (state.item?.managedBy === 'SERIAL_NUMBER') {
      const next = { ...state, quantity: state.serials.length * 1000 };
      return go(next, next.quantity >= open ? 'container' : 'serials');
    }
    const quantity = Math.min(state.quantity, open);
    return go({ ...state, quantity }, quantity >= open ? 'container' : 'quantity');
  };
  return { id: 'identified', prompt: () => sp('prompt.loading'), enter: route, input: route };
}

/** 'serials': one scan per serial until the open quantity is reached; OK picks those scanned so far. */
function serialsStep(deps: PickWorkflowDeps): Step<PickDraft> {
  return {
    id: 'serials',
    prompt: (state) =>
      sp('prompt.serials', {
        item: state.item?.code ?? '',
        scanned: state.serials.length,
        open: currentLine(deps, state)?.openQuantity ?? 0,
      }),
    async input(state, text, env) {
      const item = state.item;
      if (!item) return go(state, 'item');
      if (isConfirmation(text, env.settings)) {
        if (state.serials.length === 0) return refuse(state, 'stockPicking:serialRequired', { item: item.code });
        return go(state, 'container');
      }
      const [serial] = (await env.services.findSerials(text, item.code)).filter((s) => sameCode(s.itemCode, item.code));
      if (!serial) return refuse(state, 'itemIdentification.unknownSerialForCode', { code: text });
      if (state.serials.some((code) => sameCode(code, serial.code))) {
        return refuse(state, 'alreadyScanned', { code: serial.code });
      }
      const serials = [...state.serials, serial.code];
      const next = { ...state, serials, quantity: serials.length * 1000 };
      const open = openOf(currentLine(deps, state));
      if (next.quantity > open) return danger(state, qtyTooLarge(next.quantity, open));
      return next.quantity === open
        ? go(next, 'container', { sounds: ['serial'] })
        : { state: next, next: stay, sounds: ['serial'] };
    },
  };
}

/** The server's qtyTooLarge (errors namespace), shown before anything is sent. */
function qtyTooLarge(quantity: number, open: number) {
  return {
    variant: 'danger' as const,
    key: 'qtyTooLarge' as const,
    args: { quantity: fromThousandths(quantity), max: fromThousandths(open) },
  };
}

/** 'quantity': the engine's quantity step, capped at the line's open quantity. */
function cappedQuantityStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const step = quantityStep<PickDraft>({
    id: 'quantity',
    next: 'container',
    get: (state) => state.quantity,
    set: (state, quantity) => ({ ...state, quantity }),
    item: (state) => state.item,
    batch: (state) => state.batch,
    target: (state) => openOf(currentLine(deps, state)),
    prompt: (state) =>
      sp('prompt.quantity', {
        item: state.item?.code ?? '',
        quantity: fromThousandths(state.quantity),
        open: currentLine(deps, state)?.openQuantity ?? 0,
        units: state.item?.units ?? '',
      }),
  });
  return {
    ...step,
    async input(state, text, env) {
      const outcome = await step.input(state, text, env);
      const open = openOf(currentLine(deps, state));
      return outcome.state.quantity > open ? danger(state, qtyTooLarge(outcome.state.quantity, open)) : outcome;
    },
  };
}

/** 'container': scan the container (a new code opens one); OK keeps the one of the last line. */
function containerStep(): Step<PickDraft> {
  return {
    id: 'container',
    prompt: (state) =>
      state.container ? sp('prompt.containerKeep', { container: state.container }) : sp('prompt.container'),
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) {
        if (!state.container) return Promise.resolve(refuse(state, 'stockPicking:containerRequired'));
        return Promise.resolve(go(state, 'commit'));
      }
      const taken = [state.location, state.item?.code, state.batch, ...state.serials];
      if (taken.some((code) => code && sameCode(code, text))) {
        return Promise.resolve(refuse(state, 'stockPicking:notAContainer', { code: text }));
      }
      return Promise.resolve(go({ ...state, container: text }, 'commit'));
    },
  };
}

/** 'commit': the pick (POST pick) with the kept key; no answer: a retry with the same key. */
function commitStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const api = deps.api ?? pickingApi;
  const send = async (state: PickDraft): Promise<Outcome> => {
    const line = currentLine(deps, state);
    if (!line || !state.location || !state.item || !state.container) return go(nextLineDraft(state), 'line');
    const quantity = fromThousandths(state.quantity);
    try {
      const answer = await api.pick(
        state.code,
        {
          lineNumber: line.lineNumber,
          fromLocation: state.location,
          batch: state.batch,
          serials: state.serials,
          quantity,
          containerCode: state.container,
        },
        deps.keeper,
      );
      deps.onPick(answer.change);
      const notices = [
        {
          variant: 'success' as const,
          key: 'stockPicking:picked' as const,
          args: { quantity, item: line.item, container: state.container },
        },
      ];
      const done = { ...nextLineDraft(state), failed: false };
      if (answer.zeroCheck) {
        return go({ ...done, zeroCheck: { location: state.location, item: line.item } }, 'zeroCheck', {
          notices,
          sounds: ['success'],
        });
      }
      return go(done, 'line', { notices, sounds: ['success'] });
    } catch (error) {
      const key = serverKey(error);
      if (key === null || answerUnknown(error)) {
        return { state: { ...state, failed: true }, next: stay, notices: [failureNotice(error)], sounds: ['error'] };
      }
      return { ...commitRefusal(state, key), notices: [failureNotice(error)], sounds: ['error'] };
    }
  };
  return {
    id: 'commit',
    prompt: (state) => sp(state.failed ? 'prompt.retry' : 'prompt.saving'),
    enter: (state) => send(state),
    input: (state, text, env) =>
      isConfirmation(text, env.settings)
        ? send(state)
        : Promise.resolve(refuse(state, 'stockPicking:retryFirst', { code: text })),
  };
}

/** 'zeroCheck': "is the location empty now?" (yes or no, buttons or a scan); no flags it for counting. */
function zeroCheckStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const api = deps.api ?? pickingApi;
  return {
    id: 'zeroCheck',
    prompt: (state) =>
      sp('prompt.zeroCheck', { location: state.zeroCheck?.location ?? '', item: state.zeroCheck?.item ?? '' }),
    async input(state, text) {
      const check = state.zeroCheck;
      if (!check) return go(state, 'line');
      const empty = yesNoOf(text);
      if (empty === null) return refuse(state, 'stockPicking:yesOrNo', { code: text });
      await api.zeroCheck(state.code, { ...check, empty });
      const notices = empty
        ? []
        : [{ variant: 'info' as const, key: 'stockPicking:flaggedForCounting' as const, args: check }];
      return go({ ...state, zeroCheck: null }, 'line', { notices });
    },
  };
}

/** 'shortReason': why the line is short (button, name or number); POST short, then the next line. */
function shortReasonStep(deps: PickWorkflowDeps): Step<PickDraft> {
  const api = deps.api ?? pickingApi;
  return {
    id: 'shortReason',
    prompt: (state) => {
      const line = currentLine(deps, state);
      return sp('prompt.shortReason', { item: line?.item ?? '', open: line?.openQuantity ?? 0 });
    },
    async input(state, text) {
      const line = currentLine(deps, state);
      if (!line) return go(nextLineDraft(state), 'line');
      const reason = shortReasonOf(text);
      if (!reason) return refuse(state, 'stockPicking:reasonRequired', { code: text });
      const fromLocation = state.location ?? suggestion(line)?.location ?? null;
      if (!fromLocation) return refuse(state, 'stockPicking:locationFirst');
      const answer = await api.short(
        state.code,
        { lineNumber: line.lineNumber, reason, fromLocation },
        deps.shortKeeper,
      );
      deps.onList(answer.pickList);
      const notice =
        answer.reallocatedLine === null
          ? { variant: 'warning' as const, key: 'stockPicking:shorted' as const, args: { item: line.item } }
          : {
              variant: 'info' as const,
              key: 'stockPicking:reallocated' as const,
              args: { item: line.item, line: answer.reallocatedLine },
            };
      return go(nextLineDraft(state), 'line', { notices: [notice] });
    },
  };
}

/** 'done': nothing is open; OK asks the screen to finish (flush). */
function doneStep(deps: PickWorkflowDeps): Step<PickDraft> {
  return {
    id: 'done',
    prompt: () => sp('prompt.done'),
    async input(state, text, env) {
      if (openLines(deps.pickList()).length > 0) return go(state, 'line');
      if (isConfirmation(text, env.settings)) deps.onFinishAsked();
      return { state, next: stay };
    },
  };
}

/**
 * The picking screen's questions per line (PROCESSES.md 3.3): line -> location -> item (batch) ->
 * serials or quantity -> container -> commit (-> zero check) -> next line; skip and short from the
 * exceptions menu; done when no line is open.
 */
export function pickSteps(deps: PickWorkflowDeps): Step<PickDraft>[] {
  const api = deps.api ?? pickingApi;
  const location = locationStep<PickDraft>({
    id: 'location',
    next: 'item',
    set: (state, found) => ({ ...withIdentification(state, null), location: found.code }),
    check(state, found) {
      const line = currentLine(deps, state);
      if (!line || locationAllowed(line, found.code)) return null;
      return {
        variant: 'danger',
        key: 'wrongLocationScanned',
        args: { expected: suggestion(line)?.location ?? '', scanned: found.code },
      };
    },
    prompt(state) {
      const line = currentLine(deps, state);
      const where = suggestion(line)?.location;
      return where ? sp('prompt.location', { location: where }) : sp('prompt.anyLocation', { item: line?.item ?? '' });
    },
  });
  const identification = itemIdentificationSteps<PickDraft>({
    id: 'item',
    batchId: 'itemBatch',
    // Serials are collected by the 'serials' step (one scan each, up to the open quantity).
    lotId: 'serials',
    serialId: 'serials',
    next: 'identified',
    get: (state) =>
      state.item
        ? {
            item: state.item,
            matchedBy: 'CODE',
            scanQuantity: state.quantity,
            batch: state.batch,
            lot: null,
            serial: state.serials[0] ?? null,
            expirationDate: null,
            scannedCode: null,
          }
        : null,
    set: (state, found) => withIdentification(state, found),
    expectedItemCode: (state) => currentLine(deps, state)?.item ?? null,
    prompts: {
      item: (state) => sp('prompt.item', { item: currentLine(deps, state)?.item ?? '' }),
      batch: (state) => {
        const line = currentLine(deps, state);
        return sp('prompt.batch', { item: line?.item ?? '', batch: suggestion(line)?.batch ?? '-' });
      },
    },
  }).filter((step) => step.id === 'item' || step.id === 'itemBatch');
  const skip = doStep<PickDraft>({
    id: 'skip',
    next: 'line',
    async action(state) {
      if (state.lineNumber === null) return { state, next: 'line' };
      deps.onList(await api.skip(state.code, state.lineNumber));
      return {
        state: nextLineDraft(state),
        notices: [{ variant: 'info', key: 'stockPicking:skipped', args: { line: state.lineNumber } }],
      };
    },
  });
  return [
    lineStep(deps),
    location,
    ...identification,
    identifiedStep(deps),
    serialsStep(deps),
    cappedQuantityStep(deps),
    containerStep(),
    commitStep(deps),
    zeroCheckStep(deps),
    shortReasonStep(deps),
    skip,
    doneStep(deps),
  ];
}

/** Steps where the OK button confirms what was collected. */
export const confirmingSteps: ReadonlySet<string> = new Set(['quantity', 'serials']);
/** Steps where the exceptions (skip, short) apply to the current line. */
export const lineSteps: ReadonlySet<string> = new Set([
  'location',
  'item',
  'itemBatch',
  'serials',
  'quantity',
  'container',
]);
