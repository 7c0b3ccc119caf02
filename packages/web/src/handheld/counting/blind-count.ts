import { fromThousandths, sameCode, type Item, type ItemFindAnswer } from '@wms/contract';
import { itemScanQuantity } from '../engine/item-codes.js';
import { go, refuse } from '../engine/outcomes.js';
import { quantityCommand } from '../engine/patterns.js';
import { quantityStep } from '../engine/steps/quantity.js';
import { stay, type Step, type StepOutcome, type WorkflowEnv } from '../engine/types.js';
import { parseAmount, parseAmountWithUnit } from '../engine/units.js';

type FoundItem = ItemFindAnswer['item'];

/** One counted line of a location (quantity in thousandths; a serial line counts 1). */
export interface CountedLine {
  item: string;
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
 * The part of a blind count's workflow state the shared steps use (/wall_to_wall,
 * /wall_to_wall_batch, /recounting): the running list and the item being counted. Blind: no
 * expected quantity anywhere; the server compares.
 */
export interface BlindCount {
  lines: CountedLine[];
  current: CountingNow | null;
  /** Thousandths of the current item. */
  quantity: number;
}

/** Adds a counted line; the same item and batch (no serial) add up; a serial once. */
export function addLine(lines: readonly CountedLine[], line: CountedLine): CountedLine[] {
  const index = lines.findIndex(
    (other) =>
      sameCode(other.item, line.item) && (other.batch ?? '') === (line.batch ?? '') && other.serial === line.serial,
  );
  if (index < 0) return [...lines, line];
  if (line.serial !== null) return [...lines];
  return lines.map((other, at) => (at === index ? { ...other, quantity: other.quantity + line.quantity } : other));
}

/** A counted line of an item (quantity in thousandths). */
export function lineOf(item: FoundItem, batch: string | null, serial: string | null, quantity: number): CountedLine {
  return { item: item.code, units: item.units ?? '', batch, serial, quantity };
}

/** The state with the current item's quantity added to the running list (nothing when 0). */
export function committed<S extends BlindCount>(state: S): S {
  const { current, quantity } = state;
  if (!current) return state;
  const lines = quantity > 0 ? addLine(state.lines, lineOf(current.item, current.batch, null, quantity)) : state.lines;
  return { ...state, lines, current: null, quantity: 0 };
}

/** The lines of a save request: a serial line names its serial, any other its quantity. */
export function savedLines(lines: readonly CountedLine[]) {
  return lines.map((line) => ({
    item: line.item,
    ...(line.batch !== null ? { batch: line.batch } : {}),
    ...(line.serial !== null ? { serial: line.serial } : { quantity: fromThousandths(line.quantity) }),
  }));
}

/** The prompt key of the app's namespace (each app keeps its own prompts). */
const promptOf = (namespace: string, key: string, args: Record<string, unknown>) => ({
  key: `${namespace}:prompt.${key}`,
  args,
});

/**
 * The app's handling of a text that is not for the step (its buttons' commands, a scan of
 * something else), on the state without the item being counted; null: not the app's. When it
 * refuses and stays on that state, nothing changed: the step stays as it was.
 */
export type CountCommand<S> = (state: S, text: string, env: WorkflowEnv) => Promise<StepOutcome<S> | null>;

/** The command's outcome, or null; a refusal that stays on `without` keeps `state`. */
async function commandOf<S>(
  command: CountCommand<S>,
  state: S,
  without: S,
  text: string,
  env: WorkflowEnv,
): Promise<StepOutcome<S> | null> {
  const outcome = await command(without, text, env);
  return outcome && outcome.next === stay && outcome.state === without ? { ...outcome, state } : outcome;
}

/** Whether the text is for the quantity step (a number, an amount, a command, the item's own code). */
function isQuantityInput(text: string, item: Item, env: WorkflowEnv): boolean {
  return (
    text === '' ||
    quantityCommand(text, env.settings) !== null ||
    parseAmount(text) !== null ||
    parseAmountWithUnit(text) !== null ||
    itemScanQuantity(item, text) !== null
  );
}

/**
 * 'batch': the batch of the scanned item ({namespace}:prompt.batch); a count creates no batch
 * (unknownBatch). A command (a button) is the app's, on the state without the half-counted item.
 */
export function countBatchStep<S extends BlindCount>(namespace: string, command: CountCommand<S>): Step<S> {
  return {
    id: 'batch',
    prompt: (state) => promptOf(namespace, 'batch', { item: state.current?.item.code ?? '' }),
    async input(state, text, env) {
      const current = state.current;
      if (!current) return go(state, 'count');
      if (text === '') return { state, next: stay };
      const commanded = await commandOf(command, state, { ...state, current: null, quantity: 0 }, text, env);
      if (commanded) return commanded;
      const [known] = await env.services.findBatches(text, current.item.code);
      if (!known) return refuse(state, 'unknownBatch', { code: text });
      return go({ ...state, current: { ...current, batch: known.code }, quantity: 0 }, 'quantity');
    },
  };
}

/**
 * 'quantity': how many of the current item ({namespace}:prompt.quantity; scans of it add up, a
 * number replaces, Enter confirms); confirmed, the line is added and counting goes on. Any other
 * text goes to the app's command on the state with the quantity confirmed (a scan of something
 * else can count it next, so a burst of scans is counted in order); not the app's, the quantity
 * step answers it.
 */
export function countQuantityStep<S extends BlindCount>(namespace: string, command: CountCommand<S>): Step<S> {
  const quantity = quantityStep<S>({
    id: 'quantity',
    next: 'count',
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value }),
    item: (state) => state.current?.item ?? null,
    batch: (state) => state.current?.batch ?? null,
    prompt: (state) =>
      promptOf(namespace, 'quantity', {
        item: state.current?.item.code ?? '',
        batch: state.current?.batch ?? '',
        quantity: fromThousandths(state.quantity),
        units: state.current?.item.units ?? '',
      }),
  });
  return {
    ...quantity,
    async input(state, text, env) {
      if (!state.current) return go(state, 'count');
      if (!isQuantityInput(text, state.current.item, env)) {
        const commanded = await commandOf(command, state, committed(state), text, env);
        if (commanded) return commanded;
      }
      const counted = await quantity.input(state, text, env);
      return counted.next === 'count' ? { ...counted, state: committed(counted.state) } : counted;
    },
  };
}
