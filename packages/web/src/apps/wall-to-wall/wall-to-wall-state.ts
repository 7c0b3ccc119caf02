import {
  fromThousandths,
  sameCode,
  samePaddedCode,
  type CountReason,
  type CountSaveAnswer,
  type CountSaveRequest,
  type CountStartAnswer,
  type ItemFindAnswer,
} from '@wms/contract';

type FoundItem = ItemFindAnswer['item'];

/** One counted line of the running list (quantity in thousandths; a serial line counts 1). */
export interface CountedLine {
  item: string;
  name: string;
  units: string;
  batch: string | null;
  serial: string | null;
  quantity: number;
}

/** The item being counted at the quantity step (a batch item with its batch). */
export interface CountingNow {
  item: FoundItem;
  batch: string | null;
}

/**
 * The workflow state of /wall_to_wall (JSON-safe: saved and resumed per user). Blind: nothing
 * here holds an expected quantity; the server compares at save time.
 */
export interface WallToWallState {
  /** The started location (its lock taken) and what to count there. */
  started: CountStartAnswer | null;
  lines: CountedLine[];
  current: CountingNow | null;
  /** Thousandths of the current item. */
  quantity: number;
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

/** Adds a counted line; the same item and batch (no serial) add up. */
export function addLine(lines: readonly CountedLine[], line: CountedLine): CountedLine[] {
  if (line.serial === null) {
    const index = lines.findIndex(
      (other) => other.serial === null && sameCode(other.item, line.item) && (other.batch ?? '') === (line.batch ?? ''),
    );
    if (index >= 0) {
      return lines.map((other, at) => (at === index ? { ...other, quantity: other.quantity + line.quantity } : other));
    }
  }
  return [...lines, line];
}

/** A counted line of an item (quantity in thousandths). */
export function lineOf(item: FoundItem, batch: string | null, serial: string | null, quantity: number): CountedLine {
  return { item: item.code, name: item.name, units: item.units ?? '', batch, serial, quantity };
}

/** The state with the current item's quantity added to the running list (nothing when 0). */
export function committed(state: WallToWallState): WallToWallState {
  const { current, quantity } = state;
  if (!current) return state;
  const lines = quantity > 0 ? addLine(state.lines, lineOf(current.item, current.batch, null, quantity)) : state.lines;
  return { ...state, lines, current: null, quantity: 0 };
}

/** The save request of the state (without the idempotency key). */
export function saveRequest(
  state: WallToWallState,
  options: { empty?: boolean; confirmMissingSerials?: boolean } = {},
): Omit<CountSaveRequest, 'idempotencyKey'> {
  const empty = options.empty ?? false;
  return {
    location: locationOf(state),
    lines: empty
      ? []
      : state.lines.map((line) => ({
          item: line.item,
          ...(line.batch !== null ? { batch: line.batch } : {}),
          ...(line.serial !== null ? { serial: line.serial } : { quantity: fromThousandths(line.quantity) }),
        })),
    empty,
    reason: state.reason,
    confirmMissingSerials: options.confirmMissingSerials ?? false,
  };
}
