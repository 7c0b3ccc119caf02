import type { BoxType } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../handheld/HandheldScreen.js';
import type { PackAndDeliveryMode } from './pack-state.js';

export interface PackAndDeliveryActionsProps {
  mode: PackAndDeliveryMode;
  stepId: string;
  busy: boolean;
  boxTypes: readonly BoxType[];
  /** Feeds the workflow as a scan would ('' confirms). */
  input: (text: string) => void;
  /** Back to the unit or count question (scan again after a difference). */
  scanAgain: () => void;
  /** Leaves the delivery for later (combined app). */
  notNow: () => void;
  /** Measures the container with the saved cartoncube (box step); null: no cartoncube saved. */
  measure: (() => void) | null;
  /** Starts a repack (offered where packing waits for a scan); null: not here. */
  repack: (() => void) | null;
  labelPdf: (() => void) | null;
  slipPdf: (() => void) | null;
}

const confirmSteps = new Set(['confirmFlush', 'contents', 'packFinish', 'deliverConfirm', 'delivered']);

/** The buttons of the current step; each leaves the focus in the scanner bar. */
export function PackAndDeliveryActions(props: PackAndDeliveryActionsProps) {
  const { mode, stepId, busy, boxTypes, input, scanAgain, notNow, measure, repack, labelPdf, slipPdf } = props;
  const { t } = useTranslation('packAndDelivery');
  if (busy) return null;
  const ok = (label: string) => <ActionButton label={t(label)} testId={`pd-${stepId}-ok`} onClick={() => input('')} />;
  return (
    <>
      {confirmSteps.has(stepId) ? ok(`actions.${stepId}`) : null}
      {stepId === 'unit' ? ok('actions.unitsMissing') : null}
      {stepId === 'difference' ? (
        <>
          <ActionButton label={t('actions.scanAgain')} testId="pd-scan-again" onClick={scanAgain} />
          <ActionButton label={t('actions.acceptDifference')} testId="pd-accept-difference" onClick={() => input('')} />
        </>
      ) : null}
      {stepId === 'box' ? (
        <>
          {boxTypes.map((type) => (
            <ActionButton
              key={type.code}
              label={
                type.lengthInMm !== null && type.widthInMm !== null && type.heightInMm !== null
                  ? t('boxType', {
                      name: type.name,
                      length: type.lengthInMm,
                      width: type.widthInMm,
                      height: type.heightInMm,
                    })
                  : type.name
              }
              testId={`pd-box-type-${type.code}`}
              onClick={() => input(type.code)}
            />
          ))}
          {measure ? <ActionButton label={t('actions.measure')} testId="pd-measure" onClick={measure} /> : null}
          {ok('actions.keepDimensions')}
        </>
      ) : null}
      {stepId === 'weight' ? (
        <ActionButton label={t('actions.readScale')} testId="pd-read-scale" onClick={() => input('')} />
      ) : null}
      {repack ? <ActionButton label={t('actions.repack')} testId="pd-repack" onClick={repack} /> : null}
      {stepId === 'deliverConfirm' && mode === 'combined' ? (
        <ActionButton label={t('actions.notNow')} testId="pd-not-now" onClick={notNow} />
      ) : null}
      {labelPdf ? <ActionButton label={t('actions.labelPdf')} testId="pd-label-pdf" onClick={labelPdf} /> : null}
      {slipPdf ? <ActionButton label={t('actions.packingSlip')} testId="pd-packing-slip" onClick={slipPdf} /> : null}
    </>
  );
}
