import {
  sameCode,
  samePaddedCode,
  type CountReason,
  type CountSaveAnswer,
  type CountSaveRequest,
  type CountStartAnswer,
} from '@wms/contract';
import { savedLines, type BlindCount } from '../../handheld/counting/blind-count.js';

/**
 * The workflow state of /wall_to_wall (JSON-safe: saved and resumed per user). Blind: nothing
 * here holds an expected quantity; the server compares at save time.
 */
export interface WallToWallState extends BlindCount {
  /** The started location (its lock taken) and what to count there. */
  started: CountStartAnswer | null;
  reason: CountReason;
  /** Serials the server named missing (serialsMissingConfirm): the save waits for a confirmation. */
  missingSerials: string[] | null;
  done: CountSaveAnswer | null;
}

export const initialWallToWallState = (): WallToWallState => ({
  started: null,
  lines: [],
  current: null,
  quantity: 0,
  reason: 'COUNT',
  missingSerials: null,
  done: null,
});

/** The buttons' commands, sent through the scan queue so they run in order with the scans. */
export const commands = {
  done: '[W2W:DONE]',
  empty: '[W2W:EMPTY]',
  reason: '[W2W:REASON]',
} as const;

/** A prompt or notice key of this app's namespace. */
export function w2w(key: string, args?: Record<string, unknown>) {
  return args ? { key: `wallToWall:${key}` as const, args } : { key: `wallToWall:${key}` as const };
}

/** The started location's code ('' before). */
export const locationOf = (state: WallToWallState): string => state.started?.location.code ?? '';

/** Whether the item may be counted here: any item for a whole location, the listed ones for PARTIAL. */
export function inScope(state: WallToWallState, itemCode: string): boolean {
  const started = state.started;
  if (!started) return false;
  return started.scope === 'WHOLE_LOCATION' || started.items.some((item) => sameCode(item.code, itemCode));
}

/** The serial is already in the running list. */
export function hasSerial(state: WallToWallState, serial: string): boolean {
  return state.lines.some((line) => line.serial !== null && samePaddedCode(line.serial, serial));
}

/** The save request of the state (without the idempotency key). */
export function saveRequest(
  state: WallToWallState,
  options: { empty?: boolean; confirmMissingSerials?: boolean } = {},
): Omit<CountSaveRequest, 'idempotencyKey'> {
  const empty = options.empty ?? false;
  return {
    location: locationOf(state),
    lines: empty ? [] : savedLines(state.lines),
    empty,
    reason: state.reason,
    confirmMissingSerials: options.confirmMissingSerials ?? false,
  };
}
