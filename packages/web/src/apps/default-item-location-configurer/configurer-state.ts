import type { BinLocation, DefaultItemLocation, Item } from '@wms/contract';
import type { Prompt } from '../../handheld/engine/types.js';

/** The saved workflow state of the configurer's scan flow (stock levels in thousandths). */
export interface ConfigurerState {
  /** The location that becomes the default. */
  location: BinLocation | null;
  item: Item | null;
  /** The item's row in the location's warehouse as read (its version; the bin it replaces); null: none yet. */
  current: DefaultItemLocation | null;
  enforced: boolean;
  minStock: number | null;
  maxStock: number | null;
  /** The last save failed without an answer: the prompt offers a retry. */
  failed: boolean;
}

const noItem = {
  item: null,
  current: null,
  enforced: false,
  minStock: null,
  maxStock: null,
  failed: false,
} satisfies Partial<ConfigurerState>;

export function initialConfigurerState(): ConfigurerState {
  return { location: null, ...noItem };
}

/** The next item for the same location (after a save, or a replacement declined). */
export function withoutItem(state: ConfigurerState): ConfigurerState {
  return { ...state, ...noItem };
}

/** The bin the item's default in this warehouse would replace: another one than the scanned location. */
export function replacedBin(state: ConfigurerState): { code: string; visualCode: string } | null {
  const bin = state.current?.binLocation ?? null;
  if (!bin || !state.location) return null;
  return bin.code.toLowerCase() === state.location.code.toLowerCase() ? null : bin;
}

/** A prompt of this app's namespace. */
export function sd(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `setup:defaults.${key}`, args } : { key: `setup:defaults.${key}` };
}
