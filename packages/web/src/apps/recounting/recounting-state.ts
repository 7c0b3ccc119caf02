import {
  sameCode,
  type RecountFlushAnswer,
  type RecountLocation,
  type RecountRequest,
  type RecountSaveRequest,
} from '@wms/contract';
import { savedLines, type BlindCount } from '../../handheld/counting/blind-count.js';

/**
 * The workflow state of /recounting (JSON-safe: saved and resumed per user). Blind: nothing here
 * holds the first count or the system's quantity; the server compares at flush time.
 */
export interface RecountingState extends BlindCount {
  /** The claimed request. */
  request: RecountRequest | null;
  /** The location being recounted (its code). */
  location: string | null;
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

/** The save request of the location (without the idempotency key). */
export function saveRequest(state: RecountingState): Omit<RecountSaveRequest, 'idempotencyKey'> {
  return {
    document: documentOf(state),
    location: state.location ?? '',
    lines: savedLines(state.lines),
  };
}
