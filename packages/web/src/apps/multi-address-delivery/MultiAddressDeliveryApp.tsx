import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { putWallApi } from './multi-address-delivery-api.js';
import { initialPutWallState, putWallSteps } from './put-wall-steps.js';
import { PutWallSlots } from './PutWallSlots.js';

/**
 * /multi_address_delivery (PROCESSES.md 3.10; decision 0188): the put wall, one scanner workflow
 * (put-wall-steps.ts). Scan the picked cart or a container of a multi-address list (one slot per
 * ship-to opens), then a unit: the screen shows big where it goes, "Store 12, slot C, 3 of 5";
 * scanning the slot's container puts it (a slot without container takes the scanned one), with
 * one success message per put. A complete address gets its delivery. A wrong scan is a danger
 * notice with its key; nothing changes and the step stays. Scans are queued in order of arrival
 * (a burst waits for the answers); reopening the app resumes the wall and the step.
 */
export function MultiAddressDeliveryApp() {
  const { t } = useTranslation('multiAddressDelivery');
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => putWallSteps({ keeper }));
  const workflow = useDeviceWorkflow({
    steps,
    initial: initialPutWallState,
    start: 'start',
    appId: 'multiAddressDelivery',
    keeper,
  });
  const { state, stepId } = workflow;

  // Reopened: the wall is read again (another device may have put units meanwhile).
  const resumedCode = useRef(workflow.resumed ? (state.wall?.pickList.code ?? null) : null);
  useEffect(() => {
    const code = resumedCode.current;
    if (code === null) return;
    resumedCode.current = null;
    putWallApi.view(code).then(
      (wall) => workflow.update((current) => ({ ...current, wall })),
      () => undefined,
    );
  }, [workflow]);

  const { wall, target, unit } = state;
  return (
    <HandheldScreen
      testId="multi-address-delivery"
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      actions={
        stepId === 'done' ? (
          <ActionButton label={t('nextCart')} testId="put-wall-next" onClick={() => void workflow.input('')} />
        ) : null
      }
      summary={
        wall === null ? null : (
          <span className="small" data-testid="put-wall-list">
            {t('summary', { picklist: wall.pickList.code, count: wall.slots.length })}
          </span>
        )
      }
    >
      {stepId === 'container' && target !== null ? (
        <div className="text-center" data-testid="put-wall-target" aria-live="polite">
          <div className="fs-2 fw-bold lh-sm">
            {t('target', { name: target.name, slot: target.slot, put: target.put, due: target.due })}
          </div>
          <div className="small text-body-secondary">{unit}</div>
        </div>
      ) : null}
      {wall !== null ? <PutWallSlots slots={wall.slots} /> : null}
    </HandheldScreen>
  );
}
