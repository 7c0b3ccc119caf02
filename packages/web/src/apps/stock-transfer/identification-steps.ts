import {
  itemIdentificationSteps,
  type ItemIdentificationConfig,
} from '../../handheld/engine/steps/item-identification.js';
import type { ItemIdentification, Step, StepOutcome, WorkflowEnv } from '../../handheld/engine/types.js';

/** The pseudo step the engine's identification completes to; routed before any step sees it. */
const identified = '__identified';

export interface IdentificationRouting<S> {
  /** Where a complete identification goes (and the state it gets there): quantity, target, ... */
  route(state: S, identification: ItemIdentification): { state: S; next: string };
}

/**
 * The engine's item, batch, lot and serial steps (ids `${id}`, `${id}Batch`, `${id}Lot`,
 * `${id}Serial`) with the stock rules of serial items applied on top:
 * - an item whose serials are recorded at dispatch (serialManagedByDispatch) has no serials in
 *   stock, so it is moved without lot or serial;
 * - any other serial item moves one serial at a time: without a serial yet, the serial step asks.
 * A complete identification goes where `route` says, without a step of its own between (so Back
 * from the next step returns to the last question asked).
 */
export function transferIdentificationSteps<S>(
  config: Omit<ItemIdentificationConfig<S>, 'next'> & IdentificationRouting<S>,
): Step<S>[] {
  const lotId = config.lotId ?? `${config.id}Lot`;
  const serialId = config.serialId ?? `${config.id}Serial`;
  const steps = itemIdentificationSteps<S>({ ...config, next: identified });

  const complete = (outcome: StepOutcome<S>): StepOutcome<S> => {
    const identification = config.get(outcome.state);
    if (!identification) return { ...outcome, next: config.id };
    const { item } = identification;
    if (item.managedBy === 'SERIAL_NUMBER') {
      if (item.serialManagedByDispatch) {
        const routed = config.route(
          config.set(outcome.state, { ...identification, lot: null, serial: null }),
          identification,
        );
        return { ...outcome, ...routed };
      }
      if (identification.serial === null) return { ...outcome, next: serialId };
    }
    return { ...outcome, ...config.route(outcome.state, identification) };
  };

  const routeOutcome = (outcome: StepOutcome<S>): StepOutcome<S> => {
    if (outcome.next === identified) return complete(outcome);
    const identification = config.get(outcome.state);
    const dispatchSerial =
      identification?.item.managedBy === 'SERIAL_NUMBER' && identification.item.serialManagedByDispatch;
    if (dispatchSerial && (outcome.next === lotId || outcome.next === serialId)) return complete(outcome);
    return outcome;
  };

  return steps.map((step): Step<S> => {
    const enter = step.enter?.bind(step);
    return {
      ...step,
      input: async (state: S, text: string, env: WorkflowEnv) => routeOutcome(await step.input(state, text, env)),
      ...(enter
        ? {
            enter: async (state: S, env: WorkflowEnv) => {
              const outcome = await enter(state, env);
              return outcome ? routeOutcome(outcome) : null;
            },
          }
        : {}),
    };
  });
}
