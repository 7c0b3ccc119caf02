import type { BoxType, PackView } from '@wms/contract';
import type { Notice, ScaleReading } from '../../handheld/engine/types.js';
import type { CartoncubeMeasurement } from '../../handheld/peripherals/cartoncube-driver.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import type { PackApi } from '../../handheld/packing/box-api.js';
import type { PackAndDeliveryApi } from './pack-and-delivery-api.js';
import type { PackAndDeliveryMode, PackFlowState } from './pack-state.js';

type S = PackFlowState;

/** A prompt or notice key of this app's namespace. */
export function pd(key: string, args?: Record<string, unknown>) {
  return args ? { key: `packAndDelivery:${key}` as const, args } : { key: `packAndDelivery:${key}` as const };
}

/** A success notice of this app's namespace. */
export const success = (key: string, args: Record<string, unknown>): Notice => ({
  variant: 'success',
  key: `packAndDelivery:${key}`,
  args,
});

/** What the steps ask of the screen. */
export interface PackFlowDeps {
  mode: PackAndDeliveryMode;
  keeper: IdempotencyKeeper;
  boxTypes(): Promise<BoxType[]>;
  /** Reads the scale (connecting on demand); throws a keyed failure when there is none. */
  readScale(): Promise<ScaleReading>;
  /** Prints the closed box's label, or offers its PDF; answers what to tell. */
  printLabel(container: string): Promise<Notice[]>;
  /** The saved cartoncube's measurement (connecting on demand); absent: none saved. */
  measureCarton?: () => Promise<CartoncubeMeasurement>;
  /** A delivery was created: the screen offers its packing slip. */
  onDelivered(code: string): void;
  api?: PackAndDeliveryApi;
  boxApi?: Pick<PackApi, 'closeBox'>;
}

/** The code of the list being packed ('' before one is scanned). */
export const codeOf = (state: S) => state.view?.pickList.code ?? '';
export const withView = (state: S, view: PackView): S => ({ ...state, view });
