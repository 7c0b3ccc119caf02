import { useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import { createHttpHandheldServices } from '../../handheld/handheld-services.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useSpeech } from '../../handheld/peripherals/speech.js';
import { useIgnoredScanHint } from '../../handheld/useIgnoredScanHint.js';
import { usePersistedWorkflow, type PersistedWorkflowControls } from '../../handheld/usePersistedWorkflow.js';
import { useConfig } from '../../platform/config.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
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
  const { scanner } = useConfig();
  const { config } = useDeviceConfig();
  const session = useSession();
  const printer = useRef<number | null>(null);
  printer.current =
    typeof config.defaultItemLabelPrinter === 'number' && config.defaultItemLabelPrinter > 0
      ? config.defaultItemLabelPrinter
      : null;
  const speak = useSpeech();
  const queryClient = useQueryClient();
  const services = useMemo(() => createHttpHandheldServices(), []);
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => finishedGoodsSteps({ keeper, printer: () => printer.current }));
  const workflow = usePersistedWorkflow<FinishedGoodsState>(
    {
      steps,
      initial: initialFinishedGoodsState,
      start: 'order',
      services,
      settings: scanner,
      speak,
      speakPrompts: config.TTSVoice !== null,
      restartOnInput: false,
      continueAfterFinish: (state) => {
        const received = state.received;
        if (received) {
          void invalidateLocations(queryClient, [received.targetLocation]);
          void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code: received.item }] });
          void queryClient.invalidateQueries({ queryKey: areaKey('finishedGoodsReceipt') });
        }
        return { state: initialFinishedGoodsState() };
      },
      repeatWindowMs: config.scannerRepeatWindowMs,
    },
    {
      appId: finishedGoodsWorkflowId,
      userId: session.me?.user.id ?? null,
      restore: resumeFinishedGoods,
      extra: {
        save: () => keeper.pendingRequest,
        restore: (value) => keeper.restore(value),
        subscribe: (listener) => keeper.subscribe(listener),
      },
    },
  );
  useRecoveredSession(workflow);
  const scanHint = useIgnoredScanHint(workflow.snapshot.ignored);
  return { ...workflow, scanHint };
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
