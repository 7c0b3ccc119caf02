/**
 * The handheld workflow engine's public types (issue 5 point 4).
 *
 * A workflow is a list of steps over an app-defined state S. The runner (runner.ts) shows one
 * step at a time (its prompt), feeds it each scan or typed text, and moves to the step the outcome
 * names. Steps never touch the DOM or React: they get the scanner settings and the services (item,
 * location, batch and serial lookups, the scale) through a WorkflowEnv, so the apps implement the
 * services over HTTP and the tests with fakes.
 *
 * Rules every step keeps: a wrong scan answers a danger notice with its key and args, the 'error'
 * sound, next 'stay' and the state unchanged. Quantities in the engine are integer thousandths
 * (contract quantity.ts): 1.5 pieces is 1500.
 */
import type { Batch, BinLocation, ConfigAnswer, ItemFindAnswer, LocationContentRow, Serial } from '@wms/contract';
import type { NoticeKey } from '../../platform/notification-store.js';

/**
 * The sounds a step asks for; useWorkflow plays them. 'beep' marks a reached target quantity,
 * 'ignored' a scan that was not used (a double read, a scan typed ahead of a refused one).
 */
export type Sound = 'error' | 'success' | 'serial' | 'beep' | 'ignored';

export type NoticeVariant = 'danger' | 'success' | 'info' | 'warning';

/**
 * A notification. `key` is a translation key: `handheld:...` for the engine's own texts, a bare
 * key for the server's error catalogue (errors namespace), `stockTransfer:...` for an app's.
 */
export interface Notice {
  variant: NoticeVariant;
  key: NoticeKey;
  args?: Record<string, unknown>;
}

/** A translation key with its {placeholder} arguments (prompts, spoken texts). */
export interface TextKey {
  key: string;
  args?: Record<string, unknown>;
}
export type Prompt = TextKey;

/** Scanner settings as the config serves them. */
export type ScannerSettings = ConfigAnswer['scanner'];

export interface ScaleReading {
  weight: number;
  unit: string;
}

/** What the steps may ask of the outside world; injected (HTTP in the apps, fakes in the tests). */
export interface HandheldServices {
  /** itemEndpoints.find: by code or one of the three barcodes; null = unknown. */
  findItem(code: string): Promise<ItemFindAnswer | null>;
  /** binLocationEndpoints.find: by code or barcode; null = unknown. */
  findLocation(code: string): Promise<BinLocation | null>;
  /** binLocationEndpoints.contents. */
  locationContents(code: string): Promise<LocationContentRow[]>;
  /** lookupEndpoints.findBatches (of the item): [] = unknown (a 404 answers []). */
  findBatches(code: string, itemCode: string): Promise<Batch[]>;
  /** lookupEndpoints.findSerials (any item's without itemCode): [] = unknown. */
  findSerials(code: string, itemCode?: string): Promise<Serial[]>;
  /** The connected scale, if any (I5-E's driver); absent: peripherals.notConnected. */
  scale?: { read(): Promise<ScaleReading> };
}

export interface WorkflowEnv {
  settings: ScannerSettings;
  services: HandheldServices;
  /** The clock (injected so tests control the 1 s duplicate rule and dates). */
  now(): Date;
  /**
   * The double-read window (ms) of a step with repeatScans (the device's scanner setting);
   * absent: defaultRepeatWindowMs (read-filter.ts).
   */
  repeatWindowMs?: number;
}

/** Special values of StepOutcome.next besides a step id. */
export const stay = 'stay';
export const finish = 'finish';

/**
 * What a step answers. `next`: a step id (entering it runs its enter(); naming the current step
 * re-enters it), 'stay' (remain, no enter) or 'finish' (the workflow is done; the next input
 * starts it over from the initial state).
 */
export interface StepOutcome<S> {
  state: S;
  next: string;
  notices?: Notice[];
  sounds?: Sound[];
  speak?: TextKey;
}

export interface Step<S> {
  readonly id: string;
  /** The question shown (and, when asked, spoken) while this step waits for input. */
  prompt(state: S): Prompt;
  /**
   * Runs when the step becomes current. A non-null outcome acts at once (auto-select, skip,
   * an action); null waits for input.
   */
  enter?(state: S, env: WorkflowEnv): Promise<StepOutcome<S> | null>;
  /** Handles one scan or typed text (already trimmed; '' is an empty Enter). */
  input(state: S, text: string, env: WorkflowEnv): Promise<StepOutcome<S>>;
  /**
   * The step counts repeated scans of one code or asks for the same scan again: a repeat counts
   * unless it comes within the short repeat window (WorkflowEnv.repeatWindowMs) instead of the
   * 1 s double-read window.
   */
  repeatScans?: boolean | ((state: S) => boolean);
}

/** Whether a step counts a repeat of the same scan in this state (Step.repeatScans). */
export function countsRepeats<S>(step: Step<S>, state: S): boolean {
  const repeats = step.repeatScans;
  return typeof repeats === 'function' ? repeats(state) : (repeats ?? false);
}

/** A scan the runner did not use, for the hint near the scanner input. */
export interface IgnoredScan {
  /** The scanned text. */
  code: string;
  /** 'doubleRead': the same scan again too soon; 'typedAhead': it waited behind a refused scan. */
  reason: 'doubleRead' | 'typedAhead';
  /** Counts ignored scans over the runner's life (a new hint each time). */
  count: number;
}

/** What the view shows; a new object after every change (useSyncExternalStore). */
export interface WorkflowSnapshot<S> {
  readonly stepId: string;
  readonly state: S;
  readonly prompt: Prompt;
  /** A step's enter() or input() is running. */
  readonly busy: boolean;
  /** The last outcome said 'finish'; the next input starts over. */
  readonly finished: boolean;
  /** back() has a previous step to return to. */
  readonly canGoBack: boolean;
  /** The notices of the last input or transition (for an inline message under the prompt). */
  readonly notices: readonly Notice[];
  /** The last scan that was not used, until the next scan is used (the hint near the input). */
  readonly ignored: IgnoredScan | null;
  /** Counts changes. */
  readonly revision: number;
}

/**
 * What comes after a finished workflow, applied in the same turn of the queue (so a scan that
 * arrived while the last step ran is handled by what comes next, never by the finished step):
 * start over with `state` at the start step, then move on to `stepId` when given.
 */
export interface Continuation<S> {
  state: S;
  stepId?: string;
  notices?: Notice[];
}

/** Side effects of one outcome, for the hook to carry out (notify, sounds, speech). */
export interface WorkflowEffects<S> {
  notices: Notice[];
  sounds: Sound[];
  speak: TextKey[];
  /** The outcome finished the workflow (state is the final state). */
  finished: boolean;
  /** The state after the outcome. */
  state: S;
}

/** The item a scan identified, with batch, lot and serial (item identification steps). */
export interface ItemIdentification {
  item: ItemFindAnswer['item'];
  matchedBy: ItemFindAnswer['matchedBy'];
  /** Units one scan of this code stands for, in thousandths (barcodeInvQty, or the GS1 count). */
  scanQuantity: number;
  batch: string | null;
  lot: string | null;
  serial: string | null;
  /** From a GS1 barcode, YYYY-MM-DD; null otherwise. */
  expirationDate: string | null;
  /** The scanned text that identified the item (null when auto-selected). */
  scannedCode: string | null;
}

/** An error that carries a translation key (the web's ApiError, a step's thrown failure). */
export interface KeyedError {
  key: string;
  args?: Record<string, unknown>;
}
