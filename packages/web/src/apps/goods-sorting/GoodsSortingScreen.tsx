import { appById } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionButton, HandheldScreen, keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { useManagerApproval } from '../../handheld/useManagerApproval.js';
import { SortingSummary } from './SortingSummary.js';
import { StagingList } from './StagingList.js';
import { confirmingSteps, type SortingMode } from './sorting-state.js';
import { useGoodsSortingWorkflow } from './useGoodsSortingWorkflow.js';

const sortingPath = appById('goodsSorting')?.path ?? '';
/** The other flow's path: by item is the app's path, by location its /location sub path. */
const otherFlow: Record<SortingMode, string> = { item: `${sortingPath}/location`, location: sortingPath };

/**
 * One goods sorting flow (by item or by location): one question per screen, the scanner bar
 * always focused, the staging location's rows below (oldest receipt first), the proposed
 * destination with its reason in the summary, and the manager dialog when leaving an enforced
 * default location needs one.
 */
export function GoodsSortingScreen({ mode }: { mode: SortingMode }) {
  const { t } = useTranslation(['goodsSorting', 'handheld']);
  const approval = useManagerApproval();
  const workflow = useGoodsSortingWorkflow(mode, ({ refusal }) =>
    approval.askManager(t(refusal.key, refusal.args ?? {})),
  );
  const { state, stepId, busy } = workflow;
  const retry = stepId === 'move' && state.failed && !busy;
  const confirming = confirmingSteps.has(stepId) && !busy;
  return (
    <>
      <HandheldScreen
        testId={mode === 'item' ? 'goods-sorting' : 'goods-sorting-location'}
        prompt={workflow.promptText}
        busy={busy}
        onScan={(text) => void workflow.input(text)}
        scanHint={workflow.scanHint}
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'move'}
        onBack={workflow.back}
        onCancel={() => workflow.reset()}
        summary={<SortingSummary state={state} />}
        actions={
          <>
            {confirming ? (
              <ActionButton
                label={t('handheld:screen.ok')}
                testId="quantity-ok"
                onClick={() => void workflow.input('')}
              />
            ) : null}
            {retry ? (
              <ActionButton
                label={t('handheld:screen.retry')}
                testId="handheld-retry"
                onClick={() => void workflow.input('')}
              />
            ) : null}
          </>
        }
      >
        {state.source && state.staging ? (
          <StagingList location={state.source.code} lines={state.staging} current={state.identification} />
        ) : null}
        {stepId === 'source' ? (
          <Link to={otherFlow[mode]} className="small" onMouseDown={keepScannerFocus} data-testid="sorting-other-flow">
            {t(mode === 'item' ? 'goodsSorting:switch.toLocation' : 'goodsSorting:switch.toItem')}
          </Link>
        ) : null}
      </HandheldScreen>
      {approval.dialog}
    </>
  );
}
