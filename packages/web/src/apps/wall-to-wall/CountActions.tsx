import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../handheld/HandheldScreen.js';
import { commands } from './wall-to-wall-state.js';

/** The steps of counting a location (wall-to-wall-steps.ts): the count buttons and the lines show. */
export const countingSteps: ReadonlySet<string> = new Set(['count', 'quantity', 'batch', 'serial']);

/**
 * The buttons while counting a location (/wall_to_wall, /wall_to_wall_batch): OK at the quantity
 * and serial steps, "Location done", "Location empty" and, when the app asks one, the reason. Each
 * sends its command through the scan queue, in order with the scans.
 */
export function CountActions({
  stepId,
  send,
  withReason = false,
}: {
  stepId: string;
  send: (text: string) => void;
  withReason?: boolean;
}) {
  const { t } = useTranslation('wallToWall');
  return (
    <>
      {stepId === 'quantity' || stepId === 'serial' ? (
        <ActionButton label={t('ok')} testId="w2w-ok" onClick={() => send('')} />
      ) : null}
      <ActionButton label={t('done')} testId="w2w-done" onClick={() => send(commands.done)} />
      <ActionButton
        label={t('empty')}
        testId="w2w-empty"
        variant="outline-primary"
        onClick={() => send(commands.empty)}
      />
      {withReason ? (
        <ActionButton
          label={t('reasonButton')}
          testId="w2w-reason"
          variant="outline-secondary"
          onClick={() => send(commands.reason)}
        />
      ) : null}
    </>
  );
}
