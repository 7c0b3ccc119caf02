import { countReasons, type CountReason, type CountSaveAnswer } from '@wms/contract';
import {
  addLine,
  countBatchStep,
  countQuantityStep,
  lineOf,
  type CountCommand,
} from '../../handheld/counting/blind-count.js';
import { scanQuantityOf } from '../../handheld/engine/item-codes.js';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { resolveItemScan } from '../../handheld/engine/resolve-item.js';
import {
  finish,
  stay,
  type Notice,
  type Step,
  type StepOutcome,
  type WorkflowEnv,
} from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { wallToWallApi, type WallToWallApi } from './wall-to-wall-api.js';
import {
  commands,
  hasSerial,
  initialWallToWallState,
  inScope,
  locationOf,
  saveRequest,
  w2w,
  type WallToWallState,
} from './wall-to-wall-state.js';

type S = WallToWallState;
type Outcome = StepOutcome<S>;

export interface WallToWallDeps {
  keeper: IdempotencyKeeper;
  api?: WallToWallApi;
  /** The message of a saved count (default savedNotice; /wall_to_wall_batch saves a draft). */
  savedNotice?: (done: CountSaveAnswer) => Notice;
}

/** The reason a scan, a typed number (1-based) or a code names; null when none. */
export function reasonOf(text: string): CountReason | null {
  const index = Number(text);
  if (Number.isInteger(index) && index >= 1 && index <= countReasons.length) return countReasons[index - 1] ?? null;
  return countReasons.find((reason) => reason === text.toUpperCase()) ?? null;
}

/** The one message of a saved count: posted (success), no difference or recount requested (info). */
export function savedNotice(done: CountSaveAnswer): Notice {
  if (done.outcome === 'POSTED') {
    return { variant: 'success', ...w2w('saved.posted', { location: done.location, count: done.adjustedLines }) };
  }
  if (done.outcome === 'RECOUNT_REQUESTED') {
    return {
      variant: 'info',
      ...w2w('saved.recountRequested', { location: done.location, request: done.recountRequest ?? '' }),
    };
  }
  return { variant: 'info', ...w2w('saved.noDifference', { location: done.location }) };
}

/** 'location': a scanned location is started on the server (its lock taken): what to count, blind. */
function locationStep(deps: WallToWallDeps): Step<S> {
  return {
    id: 'location',
    prompt: () => w2w('prompt.location'),
    async input(state, text) {
      if (text === '' || Object.values(commands).includes(text as never)) return { state, next: stay };
      const started = await (deps.api ?? wallToWallApi).start(text);
      return go({ ...initialWallToWallState(), started }, 'count');
    },
  };
}

/** Saves the count: one message, or the missing serials' question (serialsMissingConfirm). */
async function save(deps: WallToWallDeps, state: S, options: { empty?: boolean; confirm?: boolean }): Promise<Outcome> {
  const request = saveRequest(state, { empty: options.empty, confirmMissingSerials: options.confirm });
  try {
    const done = await (deps.api ?? wallToWallApi).save(request, deps.keeper);
    const notice = (deps.savedNotice ?? savedNotice)(done);
    return { state: { ...state, done, missingSerials: null }, next: finish, notices: [notice], sounds: ['success'] };
  } catch (error) {
    const notice = failureNotice(error);
    if (/(^|:)serialsMissingConfirm$/.test(notice.key) && !options.confirm) {
      const named = notice.args?.serials;
      const serials = (Array.isArray(named) ? named : typeof named === 'string' ? named.split(',') : [])
        .map((serial: unknown) => (typeof serial === 'string' ? serial.trim() : ''))
        .filter(Boolean);
      return {
        state: { ...state, missingSerials: serials },
        next: 'missingSerials',
        notices: [{ ...notice, variant: 'warning', args: { serials: serials.join(', ') } }],
        sounds: ['error'],
      };
    }
    return danger(state, notice);
  }
}

/** A scanned serial (of any item the scope allows): one line, once. */
async function serialScan(state: S, text: string, env: WorkflowEnv, itemCode?: string): Promise<Outcome | null> {
  const serials = await env.services.findSerials(text, itemCode);
  if (serials.length !== 1) return null;
  const serial = serials[0]!;
  if (!inScope(state, serial.itemCode)) {
    return refuse(state, 'itemNotInCountRequest', { item: serial.itemCode, location: locationOf(state) });
  }
  if (hasSerial(state, serial.code)) return refuse(state, 'alreadyScanned', { code: serial.code });
  const found = await env.services.findItem(serial.itemCode);
  if (!found) return refuse(state, 'itemIdentification.unknownItemForCode', { code: serial.itemCode });
  const line = lineOf(found.item, null, serial.code, 1000);
  return go({ ...state, lines: addLine(state.lines, line) }, 'count', { sounds: ['serial'] });
}

/** An item, batch or serial scanned at the count step. */
async function countScan(state: S, text: string, env: WorkflowEnv): Promise<Outcome> {
  const resolved = await resolveItemScan(text, env);
  if (!resolved) {
    return (
      (await serialScan(state, text, env)) ?? refuse(state, 'itemIdentification.unknownItemForCode', { code: text })
    );
  }
  const { item } = resolved.answer;
  if (!inScope(state, item.code)) {
    return refuse(state, 'itemNotInCountRequest', { item: item.code, location: locationOf(state) });
  }
  const barcode = resolved.barcode;
  if (item.managedBy === 'SERIAL_NUMBER') {
    const serial = barcode?.serialCode ?? null;
    if (serial === null) return go({ ...state, current: { item, batch: null }, quantity: 0 }, 'serial');
    return (await serialScan(state, serial, env, item.code)) ?? refuse(state, 'unknownSerial', { code: serial });
  }
  const amount = scanQuantityOf(barcode?.quantity ?? resolved.answer.quantity);
  if (item.managedBy === 'BATCH_NUMBER') {
    const batch = barcode?.batchCode ?? null;
    if (batch === null) return go({ ...state, current: { item, batch: null }, quantity: 0 }, 'batch');
    const [known] = await env.services.findBatches(batch, item.code);
    if (!known) return refuse(state, 'unknownBatch', { code: batch });
    return go({ ...state, current: { item, batch: known.code }, quantity: amount }, 'quantity');
  }
  return go({ ...state, current: { item, batch: null }, quantity: amount }, 'quantity');
}

/** The buttons' commands and the reason; null when the text is a scan. */
async function command(deps: WallToWallDeps, state: S, text: string): Promise<Outcome | null> {
  if (text === commands.done) return save(deps, state, {});
  if (text === commands.reason) return go(state, 'reason');
  if (text === commands.empty) {
    if (state.lines.length > 0) return danger(state, { variant: 'danger', ...w2w('emptyWithLines') });
    return save(deps, state, { empty: true });
  }
  return null;
}

/**
 * At the quantity step, a button's command or a scan of something else (the quantity confirmed):
 * a burst of scans of different items is counted in order.
 */
function countedNext(deps: WallToWallDeps): CountCommand<S> {
  return async (state, text, env) => (await command(deps, state, text)) ?? countScan(state, text, env);
}

/** 'count': scan items, batches (after their item) and serials until "location done". */
function countStep(deps: WallToWallDeps): Step<S> {
  return {
    id: 'count',
    prompt: (state) => w2w('prompt.count', { location: locationOf(state), lines: state.lines.length }),
    async input(state, text, env) {
      if (!state.started) return go(state, 'location');
      if (text === '') return { state, next: stay };
      return (await command(deps, state, text)) ?? countScan(state, text, env);
    },
  };
}

/** 'serial': each serial of the scanned item; Enter (or OK) when all are scanned. */
const serialStep: Step<S> = {
  id: 'serial',
  repeatScans: false,
  prompt: (state) => w2w('prompt.serial', { item: state.current?.item.code ?? '' }),
  async input(state, text, env) {
    const current = state.current;
    if (!current) return go(state, 'count');
    if (text === '' || isConfirmation(text, env.settings)) return go({ ...state, current: null }, 'count');
    const outcome = await serialScan(state, text, env, current.item.code);
    if (!outcome) return refuse(state, 'unknownSerial', { code: text });
    return outcome.next === 'count' ? { ...outcome, next: stay } : outcome;
  },
};

/** 'reason': a reason button, or its number or code; back to counting. */
const reasonStep: Step<S> = {
  id: 'reason',
  prompt: (state) => w2w('prompt.reason', { location: locationOf(state) }),
  async input(state, text) {
    if (text === '') return go(state, 'count');
    const reason = reasonOf(text);
    if (!reason) return danger(state, { variant: 'danger', ...w2w('unknownReason', { value: text }) });
    return go({ ...state, reason }, 'count');
  },
};

/** 'missingSerials': the server named serials not scanned; OK saves them as missing. */
function missingSerialsStep(deps: WallToWallDeps): Step<S> {
  return {
    id: 'missingSerials',
    prompt: (state) => w2w('prompt.missingSerials', { serials: (state.missingSerials ?? []).join(', ') }),
    async input(state, text, env) {
      if (text === commands.done || text === '' || isConfirmation(text, env.settings)) {
        return save(deps, state, { confirm: true });
      }
      // Another scan: the operator found one after all; count it and go on counting.
      const back = { ...state, missingSerials: null };
      const outcome = await countScan(back, text, env);
      return outcome.next === stay ? { ...outcome, state } : outcome;
    },
  };
}

/**
 * /wall_to_wall (PROCESSES.md 4.2; decision 0189, "The handheld and desktop apps"): location
 * (start: the lock) -> items, batches, serials with quantities -> location done (one save with
 * an idempotency key) or location empty. Blind: no expected quantity anywhere. A wrong scan is
 * told at its scan (unknown item, batch or serial, an item not requested at a PARTIAL location)
 * and changes nothing.
 */
export function wallToWallSteps(deps: WallToWallDeps): Step<S>[] {
  return [
    locationStep(deps),
    countStep(deps),
    countBatchStep<S>('wallToWall', (state, text) => command(deps, state, text)),
    serialStep,
    countQuantityStep<S>('wallToWall', countedNext(deps)),
    reasonStep,
    missingSerialsStep(deps),
  ];
}
