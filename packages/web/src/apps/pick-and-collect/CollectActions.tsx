import type { CartSession } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../handheld/HandheldScreen.js';
import { PickActions } from '../../handheld/picking/PickActions.js';
import type { PickDraft } from '../../handheld/picking/pick-state.js';

export interface CollectActionsProps {
  session: CartSession;
  stepId: string;
  state: PickDraft;
  busy: boolean;
  input: (text: string) => void;
  goTo: (stepId: string) => void;
  onCartFull: () => void;
  onDetach: (pickList: string) => void;
}

/**
 * Stock picking's buttons (OK, retry, zero check, short reasons; skip and short in the menu) with
 * the cart's own: finish when the walk is empty, and in the menu cart full and detach per list.
 */
export function CollectActions(props: CollectActionsProps) {
  const { session, stepId, state, busy, input, goTo, onCartFull, onDetach } = props;
  const { t } = useTranslation('pickAndCollect');
  if (busy) return null;
  return (
    <>
      {stepId === 'done' ? (
        <ActionButton label={t('actions.finish')} testId="collect-finish" onClick={() => input('')} />
      ) : null}
      <PickActions
        stepId={stepId}
        state={state}
        busy={busy}
        input={input}
        goTo={goTo}
        menuItems={(choose) => (
          <>
            <ActionButton label={t('actions.cartFull')} testId="collect-cart-full" onClick={choose(onCartFull)} />
            {session.slots.map((slot) => (
              <ActionButton
                key={slot.slot}
                label={t('actions.detach', { slot: slot.slot, pickList: slot.pickList })}
                testId={`collect-detach-${slot.slot}`}
                onClick={choose(() => onDetach(slot.pickList))}
              />
            ))}
          </>
        )}
      />
    </>
  );
}
