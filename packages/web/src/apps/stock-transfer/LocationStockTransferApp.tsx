import { useTranslation } from 'react-i18next';
import { ContentsTab } from '../../components/object-dialogs/location/ContentsTab.js';
import { useLocationLive } from '../../components/object-dialogs/location/useLocationLive.js';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { initialLocationTransferState, locationTransferSteps } from './location-transfer-workflow.js';
import { TransferSummary } from './TransferSummary.js';
import { useRefreshAfterTransfer, useTransferWorkflow } from './useTransferWorkflow.js';

/** The from location's contents, refreshed live while shown. */
function FromContents({ code }: { code: string }) {
  const { t } = useTranslation('stockTransfer');
  useLocationLive(code);
  return (
    <section data-testid="from-contents">
      <h2 className="h5">{t('contents.title', { code })}</h2>
      <ContentsTab code={code} />
    </section>
  );
}

/**
 * /item/location_stock_transfer: moves the whole free content of one location to another
 * (from, its contents shown -> to -> confirm -> move).
 */
export function LocationStockTransferApp() {
  const { t } = useTranslation('stockTransfer');
  const refresh = useRefreshAfterTransfer();
  const workflow = useTransferWorkflow({
    appId: 'locationStockTransfer',
    steps: (keeper, mayMoveRestricted) => locationTransferSteps({ keeper, mayMoveRestricted }),
    initial: initialLocationTransferState,
    start: 'from',
    afterFinish: (state) => {
      const lines = state.moved?.lines ?? [];
      refresh(
        [state.from?.code ?? '', state.to?.code ?? ''].filter(Boolean),
        lines.map((line) => line.item),
      );
      return { state: initialLocationTransferState() };
    },
  });
  const { state, stepId, busy } = workflow;
  const retry = stepId === 'transfer' && state.failed && !busy;
  const confirming = stepId === 'confirm' && !busy;
  return (
    <HandheldScreen
      testId="location-stock-transfer"
      prompt={workflow.promptText}
      busy={busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'transfer'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={<TransferSummary draft={{ from: state.from, to: state.to }} />}
      actions={
        confirming || retry ? (
          <ActionButton
            label={retry ? t('retry') : t('move')}
            testId={retry ? 'handheld-retry' : 'location-transfer-confirm'}
            onClick={() => void workflow.input('')}
          />
        ) : null
      }
    >
      {state.from && stepId !== 'from' ? <FromContents code={state.from.code} /> : null}
    </HandheldScreen>
  );
}
