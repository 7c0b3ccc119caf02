import { useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useEffect, useRef, useState } from 'react';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import type { PersistedWorkflowControls } from '../../handheld/usePersistedWorkflow.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { initialFinishedGoodsState, type FinishedGoodsState } from './fgr-state.js';
import { finishedGoodsSteps } from './fgr-workflow.js';

/** The saved workflow's id (contract apps.ts). */
export const finishedGoodsWorkflowId = 'finishedGoodsReceipt';

/** A reopened app: a receipt in flight when it closed offers its retry (the saved Idempotency-Key). */
export function resumeFinishedGoods(point: ResumePoint<FinishedGoodsState>): ResumePoint<FinishedGoodsState> {
  return point.stepId === 'receive' && !point.state.failed
    ? { ...point, state: { ...point.state, failed: true } }
    : point;
}

export type FinishedGoodsWorkflowControls = PersistedWorkflowControls<FinishedGoodsState> & { scanHint: string | null };

/**
 * The finished goods receipt flow on this device: the engine over the HTTP services, the scanner
 * settings of the config, prompts spoken when the device has a TTS voice, labels on the device's
 * item label printer. Saved per user and resumed when the app opens again, with the pending
 * Idempotency-Key.
 */
export function useFinishedGoodsWorkflow(): FinishedGoodsWorkflowControls {
  const { config } = useDeviceConfig();
  const printer = useRef<number | null>(null);
  printer.current =
    typeof config.defaultItemLabelPrinter === 'number' && config.defaultItemLabelPrinter > 0
      ? config.defaultItemLabelPrinter
      : null;
  const queryClient = useQueryClient();
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => finishedGoodsSteps({ keeper, printer: () => printer.current }));
  const workflow = useDeviceWorkflow<FinishedGoodsState>({
    steps,
    initial: initialFinishedGoodsState,
    start: 'order',
    appId: finishedGoodsWorkflowId,
    keeper,
    restore: resumeFinishedGoods,
    continueAfterFinish: (state) => {
      const received = state.received;
      if (received) {
        void invalidateLocations(queryClient, [received.targetLocation]);
        void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code: received.item }] });
        void queryClient.invalidateQueries({ queryKey: areaKey('finishedGoodsReceipt') });
      }
      return { state: initialFinishedGoodsState() };
    },
  });
  useRecoveredSession(workflow);
  return workflow;
}

/** A resumed flow says so once (recoveredPreviousSession), naming the order. */
function useRecoveredSession(workflow: PersistedWorkflowControls<FinishedGoodsState>): void {
  const told = useRef(!workflow.resumed);
  const order = workflow.state.order?.order ?? '';
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify('info', 'finishedGoodsReceipt:recoveredPreviousSession', { order });
  }, [order]);
}
