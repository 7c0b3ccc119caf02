import { sameCode, samePaddedCode, type BinLocation, type LocationContentRow } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { finish, stay, type Step } from '../../handheld/engine/types.js';
import { commitTransfer } from './commit-transfer.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { sameLocationNotice, st } from './line-steps.js';
import { refusalRoute } from './refusal-route.js';
import { locationRuleNotice } from './source-checks.js';
import { commitPrompt, retryOnEnter } from './stock-transfer-workflow.js';
import { transferApi } from './transfer-api.js';
import { emptyCommit, type CommitState } from './transfer-state.js';

export interface LocationTransferState extends CommitState {
  from: BinLocation | null;
  fromContents: LocationContentRow[] | null;
}

export function initialLocationTransferState(): LocationTransferState {
  return { from: null, fromContents: null, ...emptyCommit };
}

/** Whether a location's contents hold anything free to move (unknown when blind: the server decides). */
export function hasFreeStock(contents: readonly LocationContentRow[] | null): boolean {
  return (contents ?? []).some((row) => row.freeToMoveQty === null || row.freeToMoveQty > 0);
}

/** Whether a scan names this location (its code or barcode, without case). */
function namesLocation(location: BinLocation, text: string): boolean {
  return sameCode(location.code, text) || (location.barcode !== null && samePaddedCode(location.barcode, text));
}

export interface LocationTransferDependencies {
  keeper: IdempotencyKeeper;
  api?: typeof transferApi;
  /** The user holds stockTransferAuthMoveRestricted (restricted locations are refused at their scan otherwise). */
  mayMoveRestricted?: () => boolean;
}

/**
 * /item/location_stock_transfer: from location (its contents shown; nothing free: nothingToMove)
 * -> to location -> confirm (the Move button, Enter, the OK code or the same target scanned
 * again; another location scanned becomes the target) -> POST .../location with an
 * Idempotency-Key -> successfullyMovedLocation {from, to}.
 */
export function locationTransferSteps(deps: LocationTransferDependencies): Step<LocationTransferState>[] {
  const api = deps.api ?? transferApi;
  const mayMoveRestricted = deps.mayMoveRestricted ?? (() => true);
  const fromLookup = locationStep<LocationTransferState>({
    id: 'from',
    next: 'to',
    loadContents: true,
    set: (state, location, contents) => ({ ...state, from: location, fromContents: contents }),
    check: (_state, location) => locationRuleNotice(location, mayMoveRestricted()),
    prompt: () => st('prompt.locationFrom'),
  });
  const from: Step<LocationTransferState> = {
    ...fromLookup,
    async input(state, text, env) {
      const outcome = await fromLookup.input(state, text, env);
      const found = outcome.state.from;
      if (outcome.next !== 'to' || !found || hasFreeStock(outcome.state.fromContents)) return outcome;
      return danger(state, { variant: 'danger', key: 'errors:nothingToMove', args: { code: found.code } });
    },
  };
  /** A target is refused when it is the source, or by its location rules. */
  const targetNotice = (state: LocationTransferState, location: BinLocation) =>
    state.from && sameCode(state.from.code, location.code)
      ? sameLocationNotice(location)
      : locationRuleNotice(location, mayMoveRestricted());
  const to = locationStep<LocationTransferState>({
    id: 'to',
    next: 'confirm',
    set: (state, location) => ({ ...state, to: location, moved: null, failed: false }),
    check: targetNotice,
    prompt: () => st('prompt.locationTo'),
  });
  const confirm: Step<LocationTransferState> = {
    id: 'confirm',
    // "Scan the target again" confirms: that repeat is an answer, not a double read.
    repeatScans: true,
    prompt: (state) => st('prompt.confirmLocation', { from: state.from?.code ?? '', to: state.to?.code ?? '' }),
    async input(state, text, env) {
      if (!state.to) return go(state, 'to');
      if (isConfirmation(text, env.settings) || namesLocation(state.to, text)) return go(state, 'transfer');
      const other = await env.services.findLocation(text);
      if (!other) return refuse(state, 'unknownLocation', { code: text });
      const refusal = targetNotice(state, other);
      if (refusal) return danger(state, refusal);
      return { state: { ...state, to: other }, next: stay };
    },
  };
  const transfer = doStep<LocationTransferState>({
    id: 'transfer',
    next: finish,
    prompt: commitPrompt,
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      if (!state.from) return { next: 'from' };
      if (!state.to) return { next: 'to' };
      const request = { fromLocation: state.from.code, toLocation: state.to.code };
      try {
        const result = await commitTransfer(state, {
          move: () => api.moveLocation(request, deps.keeper),
          confirmQc: () => Promise.resolve(true),
          block: () => Promise.resolve(),
        });
        return {
          state: result.state,
          notices: [
            {
              variant: 'success',
              key: 'handheld:successfullyMovedLocation',
              args: { from: request.fromLocation, to: request.toLocation },
            },
          ],
          sounds: ['success'],
        };
      } catch (error) {
        const route = refusalRoute(error, { fromCode: state.from.code, serial: false });
        if (!route) throw error;
        const back = route === 'from' ? initialLocationTransferState() : { ...state, ...emptyCommit };
        return {
          state: back,
          next: route === 'from' ? 'from' : 'to',
          notices: [failureNotice(error)],
          sounds: ['error'],
        };
      }
    },
  });
  return [from, to, confirm, retryOnEnter(transfer)];
}
