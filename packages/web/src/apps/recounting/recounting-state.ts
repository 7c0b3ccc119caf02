import {
  fromThousandths,
  sameCode,
  type ItemFindAnswer,
  type RecountFlushAnswer,
  type RecountLocation,
  type RecountRequest,
  type RecountSaveRequest,
} from '@wms/contract';

type FoundItem = ItemFindAnswer['item'];

/** One counted line of the location (quantity in thousandths; a serial line counts 1). */
export interface RecountedLine {
  item: string;
  units: string;
  batch: string | null;
  serial: string | null;
  quantity: number;
}

/**
 * The workflow state of /recounting (JSON-safe: saved and resumed per user). Blind: nothing here
 * holds the first count or the system's quantity; the server compares at flush time.
 */
export interface RecountingState {
  /** The claimed request. */
  request: RecountRequest | null;
  /** The location being recounted (its code). */
  location: string | null;
  lines: RecountedLine[];
  current: { item: FoundItem; batch: string | null } | null;
  /** Thousandths of the current item. */
  quantity: number;
  /** Locations saved on the server. */
  saved: string[];
  done: RecountFlushAnswer | null;
}

export const initialRecountingState = (): RecountingState => ({
  request: null,
  location: null,
  lines: [],
  current: null,
  quantity: 0,
  saved: [],
  done: null,
});

/** The buttons' commands, sent through the scan queue so they run in order with the scans. */
export const commands = { save: '[RC:SAVE]', flush: '[RC:FLUSH]' } as const;

/** A prompt or notice key of this app's namespace. */
export function rc(key: string, args?: Record<string, unknown>) {
  return args ? { key: `recounting:${key}` as const, args } : { key: `recounting:${key}` as const };
}

export const documentOf = (state: RecountingState): string => state.request?.code ?? '';

/** The request's location a scan names (code or visual code). */
export function requestLocation(state: RecountingState, text: string): RecountLocation | null {
  return state.request?.locations.find((l) => sameCode(l.code, text) || sameCode(l.visualCode, text)) ?? null;
}

/** Whether the item is to be recounted at the current location. */
export function inScope(state: RecountingState, itemCode: string): boolean {
  const location = state.location ? requestLocation(state, state.location) : null;
  return location?.items.some((item) => sameCode(item.code, itemCode)) ?? false;
}

/** Adds a counted line; the same item and batch (no serial) add up; a serial once. */
export function addLine(lines: readonly RecountedLine[], line: RecountedLine): RecountedLine[] {
  const index = lines.findIndex(
    (other) =>
      sameCode(other.item, line.item) && (other.batch ?? '') === (line.batch ?? '') && other.serial === line.serial,
  );
  if (index < 0) return [...lines, line];
  if (line.serial !== null) return [...lines];
  return lines.map((other, at) => (at === index ? { ...other, quantity: other.quantity + line.quantity } : other));
}

/** The state with the current item's quantity added to the lines (nothing when 0). */
export function committed(state: RecountingState): RecountingState {
  const { current, quantity } = state;
  if (!current) return state;
  const line = {
    item: current.item.code,
    units: current.item.units ?? '',
    batch: current.batch,
    serial: null,
    quantity,
  };
  return { ...state, lines: quantity > 0 ? addLine(state.lines, line) : state.lines, current: null, quantity: 0 };
}

/** The save request of the location (without the idempotency key). */
export function saveRequest(state: RecountingState): Omit<RecountSaveRequest, 'idempotencyKey'> {
  return {
    document: documentOf(state),
    location: state.location ?? '',
    lines: state.lines.map((line) => ({
      item: line.item,
      ...(line.batch !== null ? { batch: line.batch } : {}),
      ...(line.serial !== null ? { serial: line.serial } : { quantity: fromThousandths(line.quantity) }),
    })),
  };
}
