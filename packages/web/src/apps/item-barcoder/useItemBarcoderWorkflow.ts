import { useQueryClient } from '@tanstack/react-query';
import { areaKey, type BarcodeSlot } from '@wms/contract';
import { useEffect, useState } from 'react';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import type { Step } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow, type DeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { barcoderApi, type BarcoderApi } from './barcoder-api.js';
import { barcodeSteps } from './barcoder-barcode-steps.js';
import { advanceWalk, itemSteps } from './barcoder-item-steps.js';
import { initialBarcoderState, withoutBarcode, type ItemBarcoderState } from './barcoder-state.js';

/** The first question. */
export const barcoderStart = 'scan';

/**
 * /setup/item_barcoder: scan -> (pick) -> barcode -> (reading) -> quantity -> save, then the
 * walk's next item or the first question again. A location scanned first walks its items
 * without a barcode ('next').
 */
export function itemBarcoderSteps(api: BarcoderApi = barcoderApi): Step<ItemBarcoderState>[] {
  return [...itemSteps(api), ...barcodeSteps(api)];
}

/** A reopened app: a save whose answer is unknown is asked again from the quantity (saving twice is harmless). */
export function resumeBarcoder(point: ResumePoint<ItemBarcoderState>): ResumePoint<ItemBarcoderState> {
  if (point.stepId === 'save') return { ...point, stepId: 'quantity', state: { ...point.state, failed: false } };
  if (point.stepId === 'next') return { ...point, stepId: barcoderStart, state: initialBarcoderState() };
  return point;
}

export type BarcoderWorkflow = DeviceWorkflow<ItemBarcoderState> & {
  /** The user picks the slot the new barcode goes to. */
  chooseSlot: (slot: BarcodeSlot) => void;
  /** The walk leaves this item without a barcode and goes on to the next. */
  skip: () => void;
};

/** The barcoder on this device: saved per user and resumed when the app opens again. */
export function useItemBarcoderWorkflow(): BarcoderWorkflow {
  const queryClient = useQueryClient();
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => itemBarcoderSteps());
  const workflow = useDeviceWorkflow<ItemBarcoderState>({
    steps,
    initial: initialBarcoderState,
    start: barcoderStart,
    appId: 'itemBarcoder',
    keeper,
    restore: resumeBarcoder,
  });
  const { runner } = workflow;
  const [extra] = useState(() => ({
    chooseSlot: (slot: BarcodeSlot) => runner.update((state) => ({ ...state, slot })),
    skip: () => {
      runner.update((state) => advanceWalk(withoutBarcode(state)));
      runner.goTo('next');
    },
  }));
  // Open views of the item (item info, its label) read it again once a barcode is saved.
  const saved = workflow.state.saved;
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code: saved.item }] });
  }, [queryClient, saved]);
  return { ...workflow, ...extra };
}
