import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { sameCode, type BinLocation, type LocationContentRow } from '@wms/contract';
import type { HandheldServices, Step } from '../../handheld/engine/types.js';
import { useSpeech } from '../../handheld/peripherals/speech.js';
import { useWorkflow, type WorkflowControls } from '../../handheld/useWorkflow.js';
import { useConfig } from '../../platform/config.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { useLiveMessage } from '../../platform/live.js';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import { createHttpHandheldServices } from './handheld-services.js';

export interface TransferWorkflowOptions<S> {
  /** Builds the steps once. */
  steps: () => Step<S>[];
  initial: () => S;
  start: string;
  /** The workflow finished (a line collected, a transfer done): what comes next. */
  onFinish: (state: S, controls: WorkflowControls<S>) => void;
}

/**
 * A stock transfer workflow on this device: the engine over the HTTP services, the scanner
 * settings of the config, prompts spoken when the device has a TTS voice (device settings).
 */
export function useTransferWorkflow<S extends FromState>(options: TransferWorkflowOptions<S>): WorkflowControls<S> {
  const { scanner } = useConfig();
  const { config } = useDeviceConfig();
  const speak = useSpeech();
  const services = useMemo(() => createHttpHandheldServices(), []);
  const [steps] = useState(options.steps);
  const controls = useRef<WorkflowControls<S> | null>(null);
  const onFinish = useRef(options.onFinish);
  onFinish.current = options.onFinish;
  const workflow = useWorkflow<S>({
    steps,
    initial: options.initial,
    start: options.start,
    services,
    settings: scanner,
    speak,
    speakPrompts: config.TTSVoice !== null,
    restartOnInput: false,
    onFinish: (state) => {
      if (controls.current) onFinish.current(state, controls.current);
    },
  });
  controls.current = workflow;
  useLiveFromContents(workflow, services);
  return workflow;
}

/** What every transfer state holds: the from location and its contents (auto-select rules). */
interface FromState {
  from: BinLocation | null;
  fromContents: LocationContentRow[] | null;
}

/**
 * BIN_LOCATION_CHANGED for the from location (another device moved stock there): its contents in
 * the workflow state are reloaded, so auto-select and the single-item rule see the stock as it is.
 */
function useLiveFromContents<S extends FromState>(workflow: WorkflowControls<S>, services: HandheldServices): void {
  const fromCode = workflow.state.from?.code ?? null;
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    if (fromCode === null || !message.payload.codes.some((code) => sameCode(code, fromCode))) return;
    services.locationContents(fromCode).then(
      (contents) =>
        workflow.update((state) =>
          state.from && sameCode(state.from.code, fromCode) && state.fromContents
            ? { ...state, fromContents: contents }
            : state,
        ),
      () => undefined,
    );
  });
}

/** After a transfer: refetch what other views show of the locations and items (live does it too). */
export function useRefreshAfterTransfer(): (locations: string[], items: string[]) => void {
  const queryClient = useQueryClient();
  return (locations, items) => {
    void invalidateLocations(queryClient, locations);
    for (const code of items) void queryClient.invalidateQueries({ queryKey: ['items', 'detail', code] });
  };
}
