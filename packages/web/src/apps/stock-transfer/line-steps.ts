import { fromThousandths, sameCode, type BinLocation, type StockTransferLine } from '@wms/contract';
import { danger } from '../../handheld/engine/outcomes.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import { stay, type ItemIdentification, type Notice, type Prompt, type Step } from '../../handheld/engine/types.js';
import { transferIdentificationSteps } from '../../handheld/identification-steps.js';
import { expiredOn, locationRuleNotice, presenceNotice, quantityNotice } from './source-checks.js';
import type { CommitState, LineDraft } from './transfer-state.js';

/** A prompt of this app's namespace. */
export function st(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `stockTransfer:${key}`, args } : { key: `stockTransfer:${key}` };
}

/** The danger notice of a target that is a source of the transfer. */
export function sameLocationNotice(location: BinLocation): Notice {
  return { variant: 'danger', key: 'errors:sameSourceAndTarget', args: { code: location.code } };
}

export interface LineStepsOptions<S> {
  /** Where a confirmed quantity goes (a step id, or 'finish' to hand the line to the app). */
  afterQuantity: string;
  /** The user may move stock from and to restricted locations (stockTransferAuthMoveRestricted). */
  mayMoveRestricted?: () => boolean;
  /** Lines collected already (multi stock transfer): they take their part of the free stock. */
  collected?: (state: S) => readonly StockTransferLine[];
}

/** The source of the line and its loaded contents; null while they are not known. */
function sourceOf<S extends LineDraft>(state: S) {
  return state.from && state.fromContents ? { location: state.from, contents: state.fromContents } : null;
}

/**
 * The steps that collect one line: 'from' (a location, its contents loaded; a from location kept
 * in the state gets its contents reloaded on entering) -> 'item' (with 'itemBatch',
 * 'itemLot', 'itemSerial') -> 'quantity'. A serial moves alone: it skips the quantity (1).
 * The item's first scan counts as its barcode quantity (barcodeInvQty).
 */
export function lineSteps<S extends LineDraft>(options: LineStepsOptions<S>): Step<S>[] {
  const mayMoveRestricted = options.mayMoveRestricted ?? (() => true);
  const collected = (state: S) => options.collected?.(state) ?? [];
  const from = locationStep<S>({
    id: 'from',
    next: 'item',
    loadContents: true,
    set: (state, location, contents) => ({
      ...state,
      from: location,
      fromContents: contents,
      identification: null,
      quantity: 0,
    }),
    check: (_state, location) => locationRuleNotice(location, mayMoveRestricted()),
    prompt: () => st('prompt.fromLocation'),
  });
  const itemArgs = (state: S) => ({
    item: state.identification?.item.code ?? '',
    lot: state.identification?.lot ?? '',
  });
  const identification = transferIdentificationSteps<S>({
    id: 'item',
    get: (state) => state.identification,
    set: (state, value: ItemIdentification | null) => ({ ...state, identification: value }),
    source: (state) => (state.from ? { location: state.from, contents: state.fromContents } : null),
    route: (state, value) =>
      value.serial !== null
        ? { state: { ...state, quantity: 1000 }, next: options.afterQuantity }
        : { state: { ...state, quantity: value.scannedCode === null ? 0 : value.scanQuantity }, next: 'quantity' },
    check: (state, value, level) => {
      const source = sourceOf(state);
      return source ? presenceNotice(source, value, level, collected(state)) : null;
    },
    expired: (state, value, env) => expiredOn(state.fromContents, value, env.now()),
    expiredPrompt: (state) =>
      st('prompt.confirmExpired', {
        item: state.identification?.item.code ?? '',
        code: state.identification?.serial ?? state.identification?.batch ?? '',
      }),
    prompts: {
      item: () => st('prompt.item'),
      batch: (state) => st('prompt.batch', itemArgs(state)),
      lot: (state) => st('prompt.lot', itemArgs(state)),
      serial: (state) => st('prompt.serial', itemArgs(state)),
    },
  });
  const quantity = quantityStep<S>({
    id: 'quantity',
    next: options.afterQuantity,
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value }),
    item: (state) => state.identification?.item ?? null,
    batch: (state) => state.identification?.batch ?? null,
    prompt: (state) =>
      st('prompt.quantity', {
        item: state.identification?.item.code ?? '',
        quantity: fromThousandths(state.quantity),
        units: state.identification?.item.units ?? '',
      }),
  });
  const [itemStep, ...otherIdentification] = identification;
  return [
    {
      ...from,
      // A kept from location (the next transfer from the same place): its contents reloaded, then
      // the app moves on to the item (goTo), so Back from there returns here.
      enter: async (state, env) =>
        state.from && !state.fromContents
          ? { state: { ...state, fromContents: await env.services.locationContents(state.from.code) }, next: stay }
          : null,
    },
    locationAtItemStep(itemStep!, from),
    ...otherIdentification,
    checkedQuantity(quantity, collected),
  ];
}

/**
 * A location scanned at the item question (issue 14 point 25): the line starts over from that
 * location, as if it had been scanned at the from question (its rules checked, its contents
 * loaded), and the operator is told. A code that is neither item nor location keeps the
 * unknown-item warning.
 */
function locationAtItemStep<S extends LineDraft>(item: Step<S>, from: Step<S>): Step<S> {
  return {
    ...item,
    async input(state, text, env) {
      const outcome = await item.input(state, text, env);
      const unknownItem = outcome.notices?.some((notice) => notice.key.endsWith('unknownItemForCode')) ?? false;
      if (!unknownItem) return outcome;
      const moved = await from.input(state, text, env);
      if (moved.notices?.some((notice) => notice.key === 'unknownLocation')) return outcome;
      const location = moved.state.from;
      if (moved.next === stay || !location) return moved;
      const notice: Notice = { variant: 'info', key: 'stockTransfer:sourceChanged', args: { code: location.code } };
      return { ...moved, notices: [...(moved.notices ?? []), notice] };
    },
  };
}

/** The quantity question refuses, at the scan or number that makes it too much, more than can move from the source. */
function checkedQuantity<S extends LineDraft>(
  quantity: Step<S>,
  collected: (state: S) => readonly StockTransferLine[],
): Step<S> {
  return {
    ...quantity,
    async input(state, text, env) {
      const outcome = await quantity.input(state, text, env);
      const source = sourceOf(outcome.state);
      const identification = outcome.state.identification;
      const unchanged = outcome.next === stay && outcome.state.quantity <= state.quantity;
      if (!source || !identification || unchanged) return outcome;
      const notice = quantityNotice(source, identification, outcome.state.quantity, collected(outcome.state));
      return notice ? danger(state, notice) : outcome;
    },
  };
}

/** 'to': the target location; a source of the transfer is refused (sameSourceAndTarget). */
export function targetStep<S extends CommitState>(options: {
  next: string;
  sources: (state: S) => readonly string[];
  mayMoveRestricted?: () => boolean;
}): Step<S> {
  const mayMoveRestricted = options.mayMoveRestricted ?? (() => true);
  return locationStep<S>({
    id: 'to',
    next: options.next,
    set: (state, location) => ({ ...state, to: location, moved: null, blockPending: [], failed: false }),
    check: (state, location) =>
      options.sources(state).some((code) => sameCode(code, location.code))
        ? sameLocationNotice(location)
        : locationRuleNotice(location, mayMoveRestricted()),
    prompt: () => st('prompt.toLocation'),
  });
}
