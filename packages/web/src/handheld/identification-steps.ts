import { danger, go } from './engine/outcomes.js';
import { isConfirmation } from './engine/patterns.js';
import { itemIdentificationSteps, type ItemIdentificationConfig } from './engine/steps/item-identification.js';
import {
  stay,
  type ItemIdentification,
  type Notice,
  type Prompt,
  type Step,
  type StepOutcome,
  type WorkflowEnv,
} from './engine/types.js';

/** The pseudo step the engine's identification completes to; routed before any step sees it. */
const identified = '__identified';

/** 'item': the item is known (its batch, lot or serial may follow); 'stock': all of it is known. */
export type IdentificationLevel = 'item' | 'stock';

export interface IdentificationRouting<S> {
  /** Where a complete identification goes (and the state it gets there): quantity, target, ... */
  route(state: S, identification: ItemIdentification): { state: S; next: string };
  /** A refusal of what was identified, at the scan that identified it; null lets it pass. */
  check?(state: S, identification: ItemIdentification, level: IdentificationLevel): Notice | null;
  /** The date an identified batch or serial expired on (the operator confirms it); null: not expired. */
  expired?(state: S, identification: ItemIdentification, env: WorkflowEnv): string | null;
  /** The prompt of the expired-stock confirmation (step `${id}Expired`). */
  expiredPrompt?(state: S): Prompt;
}

/**
 * The engine's item, batch, lot and serial steps (ids `${id}`, `${id}Batch`, `${id}Lot`,
 * `${id}Serial`) with the stock rules of serial items applied on top:
 * - an item whose serials are recorded at dispatch (serialManagedByDispatch) has no serials in
 *   stock, so it is moved without lot or serial;
 * - any other serial item moves one serial at a time: without a serial yet, the serial step asks.
 * A complete identification goes where `route` says, without a step of its own between (so Back
 * from the next step returns to the last question asked).
 *
 * Each scan that identifies something is checked at once (`check`: the item on the source, free
 * stock of it): a refusal keeps the question and the state. Expired stock (`expired`) is not
 * chosen silently: `${id}Expired` warns and asks to confirm (Enter, OK, the OK button) or to
 * scan another batch or serial.
 */
export function transferIdentificationSteps<S>(
  config: Omit<ItemIdentificationConfig<S>, 'next'> & IdentificationRouting<S>,
): Step<S>[] {
  const batchId = config.batchId ?? `${config.id}Batch`;
  const lotId = config.lotId ?? `${config.id}Lot`;
  const serialId = config.serialId ?? `${config.id}Serial`;
  const expiredId = `${config.id}Expired`;
  const questions = new Set([config.id, batchId, lotId, serialId, expiredId]);
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

  /**
   * The checks of an outcome that moves on with something identified: a refusal answers from the
   * state before the scan; expired stock goes to the confirmation first.
   */
  const checked = (before: S, outcome: StepOutcome<S>, env: WorkflowEnv): StepOutcome<S> => {
    if (outcome.next === stay || outcome.next === identified) return outcome;
    const identification = config.get(outcome.state);
    if (!identification) return outcome;
    const level: IdentificationLevel = questions.has(outcome.next) ? 'item' : 'stock';
    const notice = config.check?.(outcome.state, identification, level);
    if (notice) return danger(before, notice);
    if (level === 'item') return outcome;
    const date = config.expired?.(outcome.state, identification, env) ?? null;
    if (date === null) return outcome;
    return {
      state: config.set(outcome.state, identification),
      next: expiredId,
      notices: [
        ...(outcome.notices ?? []),
        {
          variant: 'warning',
          key: 'stockTransfer:expiredStock',
          args: { item: identification.item.code, code: identification.serial ?? identification.batch ?? '', date },
        },
      ],
      ...(outcome.sounds ? { sounds: outcome.sounds } : {}),
    };
  };

  const wrapped = steps.map((step): Step<S> => {
    const enter = step.enter?.bind(step);
    return {
      ...step,
      input: async (state: S, text: string, env: WorkflowEnv) =>
        checked(state, routeOutcome(await step.input(state, text, env)), env),
      ...(enter
        ? {
            enter: async (state: S, env: WorkflowEnv) => {
              const outcome = await enter(state, env);
              return outcome ? checked(state, routeOutcome(outcome), env) : null;
            },
          }
        : {}),
    };
  });

  const byId = new Map(wrapped.map((step) => [step.id, step]));
  const expired: Step<S> = {
    id: expiredId,
    prompt: (state) => config.expiredPrompt?.(state) ?? { key: 'stockTransfer:prompt.confirmExpired' },
    async input(state, text, env) {
      const identification = config.get(state);
      if (!identification) return go(state, config.id);
      if (isConfirmation(text, env.settings)) {
        const routed = complete({ state, next: identified });
        return { ...routed, notices: [] };
      }
      // Another batch or serial (or another item) scanned instead: asked as its own question.
      const other = byId.get(identification.serial !== null ? serialId : batchId)!;
      return other.input(state, text, env);
    },
  };
  return [...wrapped, expired];
}
