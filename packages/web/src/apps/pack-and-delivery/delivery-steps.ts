import { sameCode, type DeliveryPackedRow } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import type { Step, StepOutcome } from '../../handheld/engine/types.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import type { DeliveryTarget, PackFlowState } from './pack-state.js';
import { pd, type PackFlowDeps } from './pack-steps.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

/** Lists whose containers are looked at for a container scan (GET pack/{code} each, in parallel). */
const maxListsSearchedForContainer = 50;

const targetOf = (row: DeliveryPackedRow): DeliveryTarget => ({
  pickList: row.code,
  customer: row.customer ? row.customer.name || row.customer.code : null,
});

/**
 * The packed list a scan names: a list code of delivery/packed, else a container of one of them
 * (delivery/packed rows carry no container codes, so the lists' pack views are read); null: none.
 */
async function findPackedList(deps: PackFlowDeps, scan: string): Promise<DeliveryTarget | null> {
  const api = deps.api ?? packAndDeliveryApi;
  const { rows } = await api.packed();
  const byCode = rows.find((row) => sameCode(row.code, scan));
  if (byCode) return targetOf(byCode);
  const views = await Promise.all(
    rows.slice(0, maxListsSearchedForContainer).map((row) => api.view(row.code).catch(() => null)),
  );
  const index = views.findIndex((view) => view?.containers.some((container) => sameCode(container.code, scan)));
  return index >= 0 ? targetOf(rows[index]!) : null;
}

/** 'deliveryScan' (/delivery): a packed list or one of its containers. */
function deliveryScanStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'deliveryScan',
    prompt: () => pd('prompt.deliveryScan'),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return refuse(state, 'packAndDelivery:scanAList');
      try {
        const delivery = await findPackedList(deps, text);
        if (!delivery) return refuse(state, 'packAndDelivery:notPackedList', { code: text });
        return go({ ...state, delivery }, 'deliverConfirm', { sounds: ['success'] });
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/**
 * 'deliverConfirm': the same code again (or OK) creates the delivery (delivery/create with the
 * device's key). addressNotValidated and any other refusal: the danger notice, nothing moves.
 */
function deliverConfirmStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  const create = async (state: S, delivery: DeliveryTarget): Promise<Outcome> => {
    try {
      const answer = await api.createDelivery(delivery.pickList, deps.keeper);
      const code = answer.deliveries.map((created) => created.code).join(', ');
      const first = answer.deliveries[0]?.code ?? null;
      if (first) deps.onDelivered(first);
      return go({ ...state, created: code }, 'delivered', {
        notices: [
          { variant: 'success', key: 'packAndDelivery:deliveryCreated', args: { code, pickList: delivery.pickList } },
        ],
        sounds: ['success'],
      });
    } catch (error) {
      return danger(state, failureNotice(error));
    }
  };
  return {
    id: 'deliverConfirm',
    prompt: (state) =>
      pd('prompt.deliverConfirm', { code: state.delivery?.pickList ?? '', customer: state.delivery?.customer ?? '-' }),
    repeatScans: true,
    input(state, text, env) {
      const delivery = state.delivery;
      if (!delivery) return Promise.resolve(go(state, deps.mode === 'delivery' ? 'deliveryScan' : 'scan'));
      if (isConfirmation(text, env.settings) || sameCode(text, delivery.pickList)) return create(state, delivery);
      return Promise.resolve(
        refuse(state, 'packAndDelivery:confirmDelivery', { code: delivery.pickList, scanned: text }),
      );
    },
  };
}

/** 'delivered': the delivery code and its packing slip; OK starts over. */
function deliveredStep(): Step<S> {
  return {
    id: 'delivered',
    prompt: (state) => pd('prompt.delivered', { code: state.created ?? '' }),
    input: (state, text, env) =>
      Promise.resolve(
        isConfirmation(text, env.settings) ? { state, next: 'finish' } : refuse(state, 'packAndDelivery:pressOk'),
      ),
  };
}

/** The delivery steps (PROCESSES.md 3.7 "Delivery"). */
export function deliveryFlowSteps(deps: PackFlowDeps): Step<S>[] {
  return [deliveryScanStep(deps), deliverConfirmStep(deps), deliveredStep()];
}
