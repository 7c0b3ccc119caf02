import { failureNotice } from '../../handheld/engine/outcomes.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { finish, stay, type Notice, type Step } from '../../handheld/engine/types.js';
import { commitTransfer } from './commit-transfer.js';
import { lineSteps, targetStep } from './line-steps.js';
import { refusalRoute } from './refusal-route.js';
import { commitPrompt, restricted, retryOnEnter, type TransferDependencies } from './stock-transfer-workflow.js';
import { transferApi } from './transfer-api.js';
import {
  draftLine,
  emptyCommit,
  initialTransferState,
  movedArgs,
  type CollectedLine,
  type StockTransferState,
} from './transfer-state.js';
import { sameCode } from '@wms/contract';

export interface MultiTransferState extends StockTransferState {
  lines: CollectedLine[];
  nextLineId: number;
}

export function initialMultiTransferState(): MultiTransferState {
  return { ...initialTransferState(), lines: [], nextLineId: 1 };
}

/** More moved lines than this are told in one notice (successfullyMovedLines) instead of one each. */
export const maxLineNotices = 4;

export type CollectResult =
  | { kind: 'added'; state: MultiTransferState }
  /** The serial is in the list already. */
  | { kind: 'duplicateSerial'; state: MultiTransferState; serial: string };

/**
 * The collected draft added to the list: the same stock (from, item, batch) adds up on its line,
 * a serial is listed once. The next line starts at the item, from the same from location.
 */
export function collectLine(state: MultiTransferState): CollectResult {
  const line = draftLine(state);
  const next: MultiTransferState = {
    ...initialMultiTransferState(),
    from: state.from,
    lines: state.lines,
    nextLineId: state.nextLineId,
  };
  if (!line || !state.identification) return { kind: 'added', state: next };
  const same = (other: CollectedLine) =>
    sameCode(other.line.fromLocation, line.fromLocation) &&
    sameCode(other.line.item, line.item) &&
    (other.line.batch ?? null) === (line.batch ?? null) &&
    (other.line.serial ?? null) === (line.serial ?? null);
  const existing = state.lines.find(same);
  if (existing && line.serial) return { kind: 'duplicateSerial', state: next, serial: line.serial };
  if (existing) {
    const quantity = (Math.round(existing.line.quantity * 1000) + Math.round(line.quantity * 1000)) / 1000;
    const lines = state.lines.map((other) =>
      other === existing ? { ...other, line: { ...other.line, quantity } } : other,
    );
    return { kind: 'added', state: { ...next, lines } };
  }
  const { item } = state.identification;
  const collected: CollectedLine = { id: state.nextLineId, line, itemName: item.name, units: item.units };
  return { kind: 'added', state: { ...next, lines: [...state.lines, collected], nextLineId: state.nextLineId + 1 } };
}

/**
 * /item/multi_stock_transfer: lines are collected one by one (from, item, batch or lot and
 * serial, quantity; each confirmed quantity finishes the workflow so the app lists the line and
 * starts the next from the same from location), then one target location and ONE request with
 * every line (validateRequest, the QC confirmation, the move with an Idempotency-Key, the QC
 * blocks). A refused transfer goes back to the target question with the list kept, so a line can
 * be removed or another target scanned.
 */
export function multiTransferSteps(deps: TransferDependencies): Step<MultiTransferState>[] {
  const api = deps.api ?? transferApi;
  const transfer = doStep<MultiTransferState>({
    id: 'transfer',
    next: finish,
    prompt: commitPrompt,
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      if (state.lines.length === 0) return { next: 'item' };
      if (!state.to) return { next: 'to' };
      const request = { lines: state.lines.map((collected) => collected.line), toLocation: state.to.code };
      try {
        const result = await commitTransfer(state, {
          validate: () => api.validate(request),
          move: () => api.moveLines(request, deps.keeper),
          confirmQc: deps.confirmQc,
          block: (code) => api.blockForQc(code, deps.qcReason()),
        });
        if (result.kind === 'declined') return { state: { ...state, ...emptyCommit }, next: 'to' };
        if (result.kind === 'blockFailed')
          return { state: result.state, next: stay, notices: [failureNotice(result.error)], sounds: ['error'] };
        const moved = result.answer.lines;
        const notices: Notice[] =
          moved.length > maxLineNotices
            ? [
                {
                  variant: 'success',
                  key: 'stockTransfer:successfullyMovedLines',
                  args: { count: moved.length, to: state.to.code },
                },
              ]
            : moved.map((line) => ({ variant: 'success', key: 'handheld:successfullyMoved', args: movedArgs(line) }));
        return { state: result.state, notices, sounds: ['success'] };
      } catch (error) {
        if (!refusalRoute(error, { fromCode: null, serial: false })) throw error;
        return { state: { ...state, ...emptyCommit }, next: 'to', notices: [failureNotice(error)], sounds: ['error'] };
      }
    },
  });
  return [
    ...lineSteps<MultiTransferState>({
      afterQuantity: finish,
      collected: (state) => state.lines.map((collected) => collected.line),
      ...restricted(deps),
    }),
    targetStep<MultiTransferState>({
      next: 'transfer',
      sources: (state) => state.lines.map((collected) => collected.line.fromLocation),
      ...restricted(deps),
    }),
    retryOnEnter(transfer),
  ];
}
