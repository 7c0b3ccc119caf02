import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { binLocationEndpoints, type BinLocation, type CountingState } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { useCounter } from '../../../platform/live.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { ActionSection } from './ActionSection.js';
import { PartialCountModal } from './PartialCountModal.js';
import { useLocationEdit } from './useLocationEdit.js';

/**
 * Counting: NO -> YES (full) or PARTIAL (items to count), PARTIAL -> PARTIAL
 * (edit the list), YES/PARTIAL -> NO (mark counted, confirmed). The live /wall_to_wall counter
 * beside it shows the request land.
 */
export function CountingActions({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const waiting = useCounter('/wall_to_wall');
  const { run, busy } = useLocationEdit(location.code);
  const [partialOpen, setPartialOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingFull, setConfirmingFull] = useState(false);
  const state = location.requiresCounting;

  const setCounting = (countingState: CountingState, itemsToCount: string[] = []) => {
    const edit = () =>
      callApi(binLocationEndpoints.setCountingState, {
        params: { code: location.code },
        body: { countingState, itemsToCount },
      });
    return countingState === 'YES'
      ? run(edit, 'objects:location.fullCountRequested', { code: location.visualCode })
      : run(edit, 'objects:location.countingSaved');
  };

  return (
    <ActionSection title={t('location.action.counting')} testId="action-counting">
      <div className="d-flex align-items-center gap-2 flex-wrap mb-2">
        <span>
          {t('field.requiresCounting')}:{' '}
          <Badge
            bg={state === 'NO' ? 'secondary' : 'warning'}
            text={state === 'NO' ? undefined : 'dark'}
            data-testid="counting-state"
          >
            {t(`countingState.${state}`)}
          </Badge>
        </span>
        <span className="ms-auto small">
          {t('location.waitingForCounting')}{' '}
          <Badge pill bg="info" text="dark" data-testid="wall-to-wall-count">
            {waiting}
          </Badge>
        </span>
      </div>
      <div className="d-flex gap-2 flex-wrap">
        {state === 'NO' ? (
          <>
            <Button size="lg" disabled={busy} onClick={() => setConfirmingFull(true)} data-testid="request-full-count">
              {t('location.requestFullCount')}
            </Button>
            <Button
              size="lg"
              variant="outline-primary"
              disabled={busy}
              onClick={() => setPartialOpen(true)}
              data-testid="request-partial-count"
            >
              {t('location.requestPartialCount')}
            </Button>
          </>
        ) : null}
        {state === 'PARTIAL' ? (
          <Button
            size="lg"
            variant="outline-primary"
            disabled={busy}
            onClick={() => setPartialOpen(true)}
            data-testid="edit-partial-count"
          >
            {t('location.editItemsToCount')}
          </Button>
        ) : null}
        {state !== 'NO' ? (
          <Button
            size="lg"
            variant="outline-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="mark-counted"
          >
            {t('location.markCounted')}
          </Button>
        ) : null}
      </div>
      <PartialCountModal
        show={partialOpen}
        code={location.code}
        editing={state === 'PARTIAL'}
        busy={busy}
        onSave={async (items) => {
          if (await setCounting('PARTIAL', items)) setPartialOpen(false);
        }}
        onCancel={() => setPartialOpen(false)}
      />
      <ConfirmDialog
        show={confirmingFull}
        message={t('location.confirmFullCount', { code: location.visualCode })}
        confirmLabel={t('location.requestFullCount')}
        onConfirm={() => {
          setConfirmingFull(false);
          void setCounting('YES');
        }}
        onCancel={() => setConfirmingFull(false)}
      />
      <ConfirmDialog
        show={confirming}
        message={t('location.confirmMarkCounted', { code: location.visualCode })}
        confirmLabel={t('location.markCounted')}
        onConfirm={() => {
          setConfirming(false);
          void setCounting('NO');
        }}
        onCancel={() => setConfirming(false)}
      />
    </ActionSection>
  );
}
