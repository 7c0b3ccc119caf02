import { fromThousandths, sameCode, type BinLocation } from '@wms/contract';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import { stay, type ItemIdentification, type Notice, type Prompt, type Step } from '../../handheld/engine/types.js';
import { transferIdentificationSteps } from './identification-steps.js';
import type { CommitState, LineDraft } from './transfer-state.js';

/** A prompt of this app's namespace. */
export function st(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `stockTransfer:${key}`, args } : { key: `stockTransfer:${key}` };
}

/** The danger notice of a target that is a source of the transfer. */
export function sameLocationNotice(location: BinLocation): Notice {
  return { variant: 'danger', key: 'errors:sameSourceAndTarget', args: { code: location.code } };
}

export interface LineStepsOptions {
  /** Where a confirmed quantity goes (a step id, or 'finish' to hand the line to the app). */
  afterQuantity: string;
}

/**
 * The steps that collect one line: 'from' (a location, its contents loaded; a from location kept
 * in the state gets its contents reloaded on entering) -> 'item' (with 'itemBatch',
 * 'itemLot', 'itemSerial') -> 'quantity'. A serial moves alone: it skips the quantity (1).
 * The item's first scan counts as its barcode quantity (barcodeInvQty).
 */
export function lineSteps<S extends LineDraft>(options: LineStepsOptions): Step<S>[] {
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
    ...identification,
    quantity,
  ];
}

/** 'to': the target location; a source of the transfer is refused (sameSourceAndTarget). */
export function targetStep<S extends CommitState>(options: {
  next: string;
  sources: (state: S) => readonly string[];
}): Step<S> {
  return locationStep<S>({
    id: 'to',
    next: options.next,
    set: (state, location) => ({ ...state, to: location, moved: null, blockPending: [], failed: false }),
    check: (state, location) =>
      options.sources(state).some((code) => sameCode(code, location.code)) ? sameLocationNotice(location) : null,
    prompt: () => st('prompt.toLocation'),
  });
}
