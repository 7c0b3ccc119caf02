import { sameCode, type BinLocation } from '@wms/contract';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { resolveItemScan } from '../../handheld/engine/resolve-item.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { stay, type Notice, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import type { BarcoderApi } from './barcoder-api.js';
import { sb, startOver, withItem, type ItemBarcoderState } from './barcoder-state.js';

type S = ItemBarcoderState;

/** The walk of a scanned location: its items without a barcode, the first one to set. */
async function startWalk(state: S, location: BinLocation, api: BarcoderApi) {
  const answer = await api.itemsWithoutBarcode(location.code);
  if (answer.items.length === 0) {
    const notice: Notice = {
      variant: 'info',
      key: 'setup:barcoder.noItemsWithoutBarcode',
      args: { location: location.code },
    };
    return { state, next: stay, notices: [notice] } satisfies StepOutcome<S>;
  }
  const walk = {
    location: { code: location.code, visualCode: location.visualCode },
    items: answer.items.map((item) => ({ code: item.code, name: item.name })),
    index: 0,
  };
  return go({ ...startOver(state), walk }, 'next');
}

/**
 * 'scan': an item (its code, a barcode, a GS1 string), else a location (its items without a
 * barcode are walked), else a search of the text: one match is the item, several are offered to
 * choose from; none is unknownItemForCode {code}.
 */
function scanStep(api: BarcoderApi): Step<S> {
  return {
    id: 'scan',
    prompt: () => sb('prompt.scan'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const found = await resolveItemScan(text, env);
      if (found) return go(withItem(startOver(state), found.answer.item), 'barcode');
      const location = await env.services.findLocation(text);
      if (location) return startWalk(state, location, api);
      const matches = await api.search(text);
      if (matches.length === 1) {
        const answer = await env.services.findItem(matches[0]!.code);
        if (answer) return go(withItem(startOver(state), answer.item), 'barcode');
      }
      if (matches.length > 1) return go({ ...startOver(state), candidates: { text, items: matches } }, 'pick');
      return refuse(state, 'unknownItemForCode', { code: text });
    },
  };
}

/** 'pick': several items matched the search; a tap (or a scan of its code) takes one, any other scan starts again. */
function pickStep(scan: Step<S>): Step<S> {
  return {
    id: 'pick',
    prompt: (state) => sb('prompt.pick', { text: state.candidates?.text ?? '' }),
    async input(state, text, env) {
      const chosen = state.candidates?.items.find((item) => sameCode(item.code, text));
      if (chosen) {
        const answer = await env.services.findItem(chosen.code);
        if (answer) return go(withItem(state, answer.item), 'barcode');
      }
      return scan.input(state, text, env);
    },
  };
}

/**
 * 'next': the walk's current item is loaded and asked for; past the last one the walk ends
 * (walkDone) and the first question comes back. An item that vanished is skipped.
 */
function nextStep(): Step<S> {
  return doStep<S>({
    id: 'next',
    next: 'barcode',
    prompt: () => sb('prompt.next'),
    async action(state, env) {
      let { walk } = state;
      while (walk && walk.index < walk.items.length) {
        const answer = await env.services.findItem(walk.items[walk.index]!.code);
        if (answer) return { state: { ...withItem(state, answer.item), walk }, next: 'barcode' };
        walk = { ...walk, index: walk.index + 1 };
      }
      const notices: Notice[] = walk
        ? [{ variant: 'info', key: 'setup:barcoder.walkDone', args: { location: walk.location.code } }]
        : [];
      return { state: startOver(state), next: 'scan', notices };
    },
  });
}

/** The walk moved on by one item (after a save, or skipped). */
export function advanceWalk(state: S): S {
  return state.walk ? { ...state, walk: { ...state.walk, index: state.walk.index + 1 } } : state;
}

export function itemSteps(api: BarcoderApi): Step<S>[] {
  const scan = scanStep(api);
  return [scan, pickStep(scan), nextStep()];
}
