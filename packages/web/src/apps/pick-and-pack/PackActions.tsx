import type { BoxType } from '@wms/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../handheld/HandheldScreen.js';

export interface PackActionsProps {
  stepId: string;
  busy: boolean;
  /** The box types to choose from at the box step. */
  boxTypes: readonly BoxType[];
  /** A label PDF is on offer. */
  hasPdf: boolean;
  /** Feeds the workflow as a scan would ('' confirms). */
  input: (text: string) => void;
  onShowPdf: () => void;
}

/** "Small box (300 × 200 × 150 mm)": a box type with its suggested dimensions. */
function boxLabel(type: BoxType, t: TFunction<'pickAndPack'>): string {
  const { name, lengthInMm: length, widthInMm: width, heightInMm: height } = type;
  return length !== null && width !== null && height !== null ? t('boxType', { name, length, width, height }) : name;
}

/** The buttons of pick and pack's own steps: the box types, read the scale, finish, the label PDF, done. */
export function PackActions({ stepId, busy, boxTypes, hasPdf, input, onShowPdf }: PackActionsProps) {
  const { t } = useTranslation('pickAndPack');
  if (busy) return null;
  return (
    <>
      {stepId === 'box'
        ? boxTypes.map((type) => (
            <ActionButton
              key={type.code}
              label={boxLabel(type, t)}
              testId={`pack-box-type-${type.code}`}
              onClick={() => input(type.code)}
            />
          ))
        : null}
      {stepId === 'weight' ? (
        <ActionButton label={t('actions.readScale')} testId="pack-read-scale" onClick={() => input('')} />
      ) : null}
      {hasPdf ? <ActionButton label={t('actions.labelPdf')} testId="pack-label-pdf" onClick={onShowPdf} /> : null}
      {stepId === 'packed' ? (
        <ActionButton label={t('actions.done')} testId="pack-done" onClick={() => input('')} />
      ) : null}
    </>
  );
}
