import { sameCode, type BoxType, type PickList, type ShippingContainer } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { stay, type Notice, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import type { PickDraft } from '../../handheld/picking/pick-state.js';
import type { PickWorkflowDeps } from '../../handheld/picking/pick-workflow.js';
import { serverKey } from '../../handheld/picking/pick-refusals.js';
import { packApi, type PackApi } from '../../handheld/packing/box-api.js';
import { maxWeightInMg, readingInMg, weightInMgOf } from '../../handheld/packing/pack-weight.js';

/** A prompt or notice key of this app's namespace. */
function pp(key: string, args?: Record<string, unknown>) {
  return args ? { key: `pickAndPack:${key}` as const, args } : { key: `pickAndPack:${key}` as const };
}

/** What pick and pack asks of its screen beside stock picking's deps. */
export interface PackDeps {
  /** The claimed list as last answered (with its shipping containers). */
  pickList(): PickList;
  /** The box types (cached by the screen). */
  boxTypes(): Promise<BoxType[]>;
  /** Reads the scale (connecting on demand); throws a keyed failure when there is none. */
  readScale(): Promise<{ weight: number; unit: string }>;
  /** Prints the closed box's label, or offers its PDF; answers what to tell. */
  printLabel(container: string): Promise<Notice[]>;
  /** Flush (with reasons asked by the screen when needed), then markPacked; true when done. */
  finish(): Promise<boolean>;
  /** The list is packed: back to the lists. */
  done(): void;
  api?: Pick<PackApi, 'openBox' | 'closeBox'>;
}

type Outcome = StepOutcome<PickDraft>;

const containerOf = (list: PickList, code: string | null): ShippingContainer | null =>
  code === null ? null : (list.shippingContainers.find((container) => sameCode(container.code, code)) ?? null);

/** The list with a container added (or replaced by its newer answer). */
function withContainer(list: PickList, container: ShippingContainer): PickList {
  const others = list.shippingContainers.filter((known) => !sameCode(known.code, container.code));
  return { ...list, shippingContainers: [...others, container], containers: others.length + 1 };
}

/**
 * 'box' (the first step): the box to pick into. A box type (button or its code) opens a new box
 * of that type (POST shippingContainer {type, boxType}); any other code is a pre-printed label and
 * opens a box with that code. A box of the list still OPEN is used again (a reopened list).
 */
function boxStep(deps: PickWorkflowDeps, pack: PackDeps): Step<PickDraft> {
  const api = pack.api ?? packApi;
  const openBox = (list: PickList, code: string | null) => {
    const container = containerOf(list, code);
    return container?.status === 'OPEN' ? container : null;
  };
  return {
    id: 'box',
    prompt: () => pp('prompt.box'),
    enter(state) {
      const list = pack.pickList();
      const current = openBox(list, state.container);
      const open = current ?? list.shippingContainers.find((container) => container.status === 'OPEN') ?? null;
      return Promise.resolve(open ? go({ ...state, container: open.code }, 'line') : null);
    },
    async input(state, text, env) {
      const list = pack.pickList();
      if (isConfirmation(text, env.settings)) return refuse(state, 'pickAndPack:boxRequired');
      const again = openBox(list, text);
      if (again) return go({ ...state, container: again.code }, 'line');
      const boxType = (await pack.boxTypes()).find((type) => sameCode(type.code, text)) ?? null;
      try {
        const box = await api.openBox(
          list.code,
          boxType ? { type: boxType.type, boxType: boxType.code } : { type: 'BOX', code: text },
        );
        deps.onList(withContainer(pack.pickList(), box));
        const notice = {
          variant: 'success' as const,
          key: 'pickAndPack:boxOpened' as const,
          args: { box: box.code, boxType: box.boxType ?? '-' },
        };
        return go({ ...state, container: box.code }, 'line', { notices: [notice], sounds: ['success'] });
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/** 'container' (replaces stock picking's): every pick goes into the open box; without one, the box step. */
function boxIsContainerStep(): Step<PickDraft> {
  const route = (state: PickDraft): Promise<Outcome> =>
    Promise.resolve(state.container ? go(state, 'commit') : go(state, 'box'));
  return { id: 'container', prompt: () => pp('prompt.box'), enter: route, input: route };
}

/** 'done' (replaces stock picking's): nothing open, so the box is weighed. */
function doneStep(): Step<PickDraft> {
  const route = (state: PickDraft): Promise<Outcome> => Promise.resolve(go(state, 'weight'));
  return { id: 'done', prompt: () => pp('prompt.loading'), enter: route, input: route };
}

/**
 * 'weight': the box's weight, typed ("1.25" kg, "1250 g") or read from the scale (OK or the
 * button); then POST close {weightInMg, the box's dimensions}. No box (nothing was picked into
 * one): straight to the finish; an empty box is not closed (containerEmpty), the list finishes.
 */
function weightStep(deps: PickWorkflowDeps, pack: PackDeps): Step<PickDraft> {
  const api = pack.api ?? packApi;
  const close = async (state: PickDraft, box: string, weightInMg: number): Promise<Outcome> => {
    if (weightInMg > maxWeightInMg) return refuse(state, 'pickAndPack:tooHeavy', { max: maxWeightInMg / 1e6 });
    const list = pack.pickList();
    const container = containerOf(list, box);
    const type = container?.boxType
      ? ((await pack.boxTypes()).find((known) => sameCode(known.code, container.boxType ?? '')) ?? null)
      : null;
    const dimension = (own: number | null | undefined, fallback: number | null | undefined) => own ?? fallback ?? null;
    const dimensions = {
      lengthInMm: dimension(container?.lengthInMm, type?.lengthInMm),
      widthInMm: dimension(container?.widthInMm, type?.widthInMm),
      heightInMm: dimension(container?.heightInMm, type?.heightInMm),
    };
    const body = {
      weightInMg,
      ...Object.fromEntries(Object.entries(dimensions).filter(([, value]) => value !== null)),
    };
    try {
      const closed = await api.closeBox(box, body);
      deps.onList(withContainer(pack.pickList(), closed));
      const notice = {
        variant: 'success' as const,
        key: 'pickAndPack:boxClosed' as const,
        args: { box, weight: weightInMg / 1e6 },
      };
      return go(state, 'label', { notices: [notice], sounds: ['success'] });
    } catch (error) {
      const key = serverKey(error);
      // Closed already (an answer that got lost): its label is next.
      if (key === 'containerClosed') return go(state, 'label');
      if (key === 'containerEmpty') {
        return go({ ...state, container: null }, 'closing', {
          notices: [{ variant: 'warning', key: 'pickAndPack:boxEmpty', args: { box } }],
        });
      }
      return danger(state, failureNotice(error));
    }
  };
  return {
    id: 'weight',
    prompt: (state) => pp('prompt.weight', { box: state.container ?? '' }),
    enter: (state) => Promise.resolve(state.container ? null : go(state, 'closing')),
    async input(state, text, env) {
      const box = state.container;
      if (!box) return go(state, 'closing');
      if (isConfirmation(text, env.settings)) {
        let reading;
        try {
          reading = await pack.readScale();
        } catch (error) {
          return danger(state, failureNotice(error));
        }
        const weight = readingInMg(reading, env.settings);
        if (weight === null) {
          return refuse(state, 'peripherals.invalidInputReceived', { value: `${reading.weight} ${reading.unit}` });
        }
        return close(state, box, weight);
      }
      const weight = weightInMgOf(text, env.settings);
      if (weight === null || weight <= 0) return refuse(state, 'pickAndPack:notAWeight', { code: text });
      return close(state, box, weight);
    },
  };
}

/** 'label': the closed box's label prints (or its PDF is offered); then the finish. */
function labelStep(pack: PackDeps): Step<PickDraft> {
  const print = async (state: PickDraft): Promise<Outcome> => {
    const notices = state.container ? await pack.printLabel(state.container) : [];
    return go(state, 'closing', { notices });
  };
  return {
    id: 'label',
    prompt: (state) => pp('prompt.label', { box: state.container ?? '' }),
    enter: print,
    input: print,
  };
}

/**
 * 'closing': flush and markPacked run at once (the screen asks reasons for lines closed short
 * when the server wants them; OK or Finish sends again); done: 'packed'.
 */
function finishStep(pack: PackDeps): Step<PickDraft> {
  const run = async (state: PickDraft): Promise<Outcome | null> => ((await pack.finish()) ? go(state, 'packed') : null);
  return {
    id: 'closing',
    prompt: () => pp('prompt.finish', { code: pack.pickList().code }),
    enter: run,
    async input(state, text, env) {
      if (!isConfirmation(text, env.settings)) return refuse(state, 'pickAndPack:finishFirst', { code: text });
      return (await run(state)) ?? { state, next: stay };
    },
  };
}

/** 'packed': the list is packed and goes to delivery; the screen goes back to the lists. */
function packedStep(pack: PackDeps): Step<PickDraft> {
  return {
    id: 'packed',
    prompt: () => pp('prompt.packed', { code: pack.pickList().code }),
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) pack.done();
      return Promise.resolve({ state, next: stay });
    },
  };
}

/**
 * Pick and pack (PROCESSES.md 3.5) from stock picking's steps: box first, every pick into the
 * box (no container step), then weight -> close -> label -> closing (flush, markPacked) -> packed.
 */
export function packSteps(base: Step<PickDraft>[], deps: PickWorkflowDeps, pack: PackDeps): Step<PickDraft>[] {
  const replaced: Record<string, Step<PickDraft>> = { container: boxIsContainerStep(), done: doneStep() };
  return [
    boxStep(deps, pack),
    ...base.map((step) => replaced[step.id] ?? step),
    weightStep(deps, pack),
    labelStep(pack),
    finishStep(pack),
    packedStep(pack),
  ];
}

/** The steps after the picking: no line card, no exceptions menu. */
export const packEndSteps: ReadonlySet<string> = new Set(['weight', 'label', 'closing', 'packed']);
