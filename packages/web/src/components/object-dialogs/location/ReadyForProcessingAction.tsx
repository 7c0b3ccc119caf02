import Button from 'react-bootstrap/Button';
import { binLocationEndpoints, type BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { ActionSection } from './ActionSection.js';
import { useLocationEdit } from './useLocationEdit.js';

/** Mobile locations only: toggles ready-for-processing (POST {code}/readyForProcessing/{bool}). */
export function ReadyForProcessingAction({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const { run, busy } = useLocationEdit(location.code);
  const next = !location.readyForProcessing;
  return (
    <ActionSection title={t('location.action.readyForProcessing')} testId="action-ready-for-processing">
      <p className="mb-2" data-testid="ready-state">
        {t(location.readyForProcessing ? 'location.isReady' : 'location.isProcessed')}
      </p>
      <Button
        size="lg"
        variant="outline-primary"
        disabled={busy}
        onClick={() =>
          void run(
            () =>
              callApi(binLocationEndpoints.setReadyForProcessing, {
                params: { code: location.code, ready: String(next) },
              }),
            'common:saveSuccess',
          )
        }
        data-testid="toggle-ready"
      >
        {t(next ? 'location.markReady' : 'location.markProcessed')}
      </Button>
    </ActionSection>
  );
}
