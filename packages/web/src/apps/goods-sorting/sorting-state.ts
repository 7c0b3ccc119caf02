import {
  fromThousandths,
  type BinLocation,
  type GoodsSortingMoveAnswer,
  type GoodsSortingMoveRequest,
  type GoodsSortingStagingLine,
  type GoodsSortingSuggestAnswer,
  type LocationContentRow,
} from '@wms/contract';
import type { ItemIdentification, Prompt } from '../../handheld/engine/types.js';

/**
 * 'item' (/goods_sorting): staging location, item, quantity, destination (proposed). 'location'
 * (/goods_sorting/location): staging location, destination, then item after item to it.
 */
export type SortingMode = 'item' | 'location';

/** The saved workflow state of both flows (quantities in thousandths). */
export interface GoodsSortingState {
  mode: SortingMode;
  /** The staging location or cart the stock is taken from. */
  source: BinLocation | null;
  /** Its contents (the identification's auto-select of batch and serial); null: to be loaded. */
  sourceContents: LocationContentRow[] | null;
  /** Its rows as the server lists them, oldest receipt first; null: to be loaded. */
  staging: GoodsSortingStagingLine[] | null;
  /** By item: the destination of this item. By location: the destination of every item until another is scanned. */
  destination: BinLocation | null;
  identification: ItemIdentification | null;
  /** The server's proposal for the identified stock. */
  suggestion: GoodsSortingSuggestAnswer | null;
  quantity: number;
  /** The destination the server asked to confirm (destinationNeedsConfirmation): scanning it again confirms. */
  confirming: string | null;
  /** The destination was scanned twice: sent with confirmed: true. */
  confirmed: boolean;
  /** The last attempt of the move failed without a known answer: the prompt offers a retry. */
  failed: boolean;
  /** The server's answer once the stock moved. */
  moved: GoodsSortingMoveAnswer | null;
}

/** Steps where the OK button (or Enter) confirms. */
export const confirmingSteps: ReadonlySet<string> = new Set(['quantity', 'itemExpired']);

/** The answers about one item, cleared after each move. */
const noItem = {
  identification: null,
  suggestion: null,
  quantity: 0,
  confirming: null,
  confirmed: false,
  failed: false,
  moved: null,
} satisfies Partial<GoodsSortingState>;

export function initialSortingState(mode: SortingMode): GoodsSortingState {
  return { mode, source: null, sourceContents: null, staging: null, destination: null, ...noItem };
}

/**
 * After a move: the next item from the same staging location (its rows loaded again on entering
 * the item question). By location the destination stays.
 */
export function nextItemState(state: GoodsSortingState): GoodsSortingState {
  return {
    ...initialSortingState(state.mode),
    source: state.source,
    destination: state.mode === 'location' ? state.destination : null,
  };
}

/** The state without the item's answers (a refusal that asks for the item again). */
export function withoutItem(state: GoodsSortingState): GoodsSortingState {
  return { ...state, ...noItem, destination: state.mode === 'location' ? state.destination : null };
}

/** The move request of a complete state; null while something is missing. */
export function moveRequestOf(state: GoodsSortingState): GoodsSortingMoveRequest | null {
  const { source, destination, identification, quantity } = state;
  if (!source || !destination || !identification || quantity <= 0) return null;
  return {
    from: source.code,
    to: destination.code,
    item: identification.item.code,
    batch: identification.batch,
    serial: identification.serial,
    quantity: fromThousandths(quantity),
    confirmed: state.confirmed,
  };
}

/** The first proposal, if any. */
export function proposalOf(state: GoodsSortingState) {
  return state.suggestion?.suggestions[0] ?? null;
}

/** A prompt of this app's namespace. */
export function gs(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `goodsSorting:${key}`, args } : { key: `goodsSorting:${key}` };
}
