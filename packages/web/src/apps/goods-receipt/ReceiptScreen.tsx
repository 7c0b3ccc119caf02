import { useQueryClient } from '@tanstack/react-query';
import {
  fromThousandths,
  type GoodsReceipt,
  type ReceiptEntry,
  type ReceiptFinishAnswer,
  type ReceiptLine,
} from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { FinishConfirmation, FinishSummary } from './FinishReceipt.js';
import { receiptApi, receiptQueries } from './receipt-api.js';
import { receiptAppPath } from './receipt-paths.js';
import { ReceiptEntries, ReceiptLines } from './ReceiptLines.js';
import { ReceiptMenu } from './ReceiptMenu.js';
import { draftLine, emptyDraft, type ReceiptDraft } from './receipt-state.js';
import { confirmingSteps } from './receipt-workflow.js';
import { useReceiptLive } from './useReceiptLive.js';
import { useReceiptWorkflow } from './useReceiptWorkflow.js';

/** The collected values of the entry (compact). */
function DraftSummary({ draft }: { draft: ReceiptDraft }) {
  const { t } = useTranslation('goodsReceipt');
  if (!draft.item) return null;
  const rows: [string, string | null][] = [
    ['item', `${draft.item.code} · ${draft.item.name}`],
    ['batch', draft.batch],
    ['expiry', draft.expirationDate],
    ['productionDate', draft.manufacturingDate],
    ['manufacturingBatch', draft.manufacturingBatch],
    ['serials', draft.serials.length > 0 ? draft.serials.join(', ') : null],
    ['quantity', draft.quantity > 0 ? `${fromThousandths(draft.quantity)} ${draft.item.units ?? ''}`.trim() : null],
    ['target', draft.target],
  ];
  return (
    <dl className="handheld-summary border rounded p-2" data-testid="receipt-draft">
      {rows
        .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
        .map(([key, value]) => (
          <div key={key} className="d-contents">
            <dt>{t(`draft.${key}`)}</dt>
            <dd data-testid={`draft-${key}`}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The step's own button beside Back and Cancel: OK, Done, Default, Confirm or Retry. */
function stepAction(
  stepId: string,
  draft: ReceiptDraft,
  line: ReceiptLine | null,
): { label: string; testId: string } | null {
  if (confirmingSteps.has(stepId))
    return { label: stepId === 'confirm' ? 'actions.confirm' : 'actions.ok', testId: `${stepId}-ok` };
  if (stepId === 'serial' && draft.serials.length > 0) return { label: 'actions.done', testId: 'serials-done' };
  if (stepId === 'target') return { label: 'actions.defaultTarget', testId: 'target-default' };
  if (stepId === 'commit' && draft.failed) return { label: 'actions.retry', testId: 'handheld-retry' };
  // The announced batch or expiry of a planned receipt line is kept with OK.
  const planned = stepId === 'batch' ? line?.plannedBatch : stepId === 'expiry' ? line?.plannedExpirationDate : null;
  if (planned) return { label: 'actions.ok', testId: `${stepId}-ok` };
  return null;
}

/**
 * /goods_receipt/:id: one question per screen with the scanner bar always focused; below it
 * the entry so far, the step's buttons, Finish and the menu, then the lines and the saved
 * entries. Every success message stands for one saved entry.
 */
export function ReceiptScreen({ code }: { code: string }) {
  const { t } = useTranslation('goodsReceipt');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workflow = useReceiptWorkflow(code);
  const { receipt, state, stepId } = workflow;
  useReceiptLive(code);
  const [finishKeeper] = useState(() => new IdempotencyKeeper());
  const [finishing, setFinishing] = useState<'ask' | 'busy' | null>(null);
  const [finished, setFinished] = useState<ReceiptFinishAnswer | null>(null);
  const [undoing, setUndoing] = useState(false);

  const setReceipt = (fresh: GoodsReceipt) =>
    queryClient.setQueryData(receiptQueries.detail(code).queryKey, { receipt: fresh });
  const leave = () => {
    workflow.reset(emptyDraft(code));
    void navigate(receiptAppPath);
  };
  const undo = async (entry: ReceiptEntry) => {
    setUndoing(true);
    try {
      setReceipt((await receiptApi.undo(code, entry.line, entry.id)).receipt);
      notify('success', 'goodsReceipt:entryUndone', { quantity: entry.quantity, item: entry.item });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setUndoing(false);
    }
  };
  const finish = async () => {
    setFinishing('busy');
    try {
      const answer = await receiptApi.finish(code, finishKeeper);
      setFinishing(null);
      workflow.reset(emptyDraft(code));
      setFinished(answer);
      notify('success', 'goodsReceipt:finished', { receipt: code, source: answer.source });
    } catch (error) {
      setFinishing('ask');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  if (workflow.query.isError && !receipt) {
    return (
      <Alert variant="danger" className="m-3" data-testid="receipt-load-failed">
        {t('loadFailed', { receipt: code })}
      </Alert>
    );
  }
  const action = stepAction(stepId, state, draftLine(receipt, state));
  const open = receipt?.status === 'OPEN' || receipt?.status === 'IN_PROGRESS';
  return (
    <>
      <HandheldScreen
        testId="goods-receipt"
        prompt={workflow.promptText}
        busy={workflow.busy}
        onScan={(text) => void workflow.input(text)}
        scanHint={workflow.scanHint}
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'commit'}
        onBack={workflow.back}
        onCancel={() => workflow.reset(emptyDraft(code))}
        summary={<DraftSummary draft={state} />}
        actions={
          <>
            {action && !workflow.busy ? (
              <ActionButton label={t(action.label)} testId={action.testId} onClick={() => void workflow.input('')} />
            ) : null}
            {receipt && open ? (
              <ActionButton label={t('actions.finish')} testId="receipt-finish" onClick={() => setFinishing('ask')} />
            ) : null}
            {receipt ? <ReceiptMenu receipt={receipt} onReceipt={setReceipt} onLeave={leave} /> : null}
          </>
        }
      >
        {receipt ? (
          <>
            <p className="mb-0 small text-body-secondary" data-testid="receipt-header">
              {t('header', {
                receipt: receipt.code,
                source: receipt.source.code,
                supplier: receipt.source.supplierName ?? receipt.source.supplier ?? '',
                status: t(`status.${receipt.status}`),
              })}
            </p>
            <ReceiptLines lines={receipt.lines} selected={state.line} />
            <ReceiptEntries entries={receipt.entries} onUndo={(entry) => void undo(entry)} busy={undoing} />
          </>
        ) : (
          <Spinner animation="border" role="status" aria-label={t('loading')} />
        )}
      </HandheldScreen>
      {workflow.managerDialog}
      {finishing && receipt ? (
        <FinishConfirmation
          receipt={receipt}
          busy={finishing === 'busy'}
          onConfirm={() => void finish()}
          onCancel={() => setFinishing(null)}
        />
      ) : null}
      {finished ? (
        <FinishSummary
          answer={finished}
          onClose={() => {
            setFinished(null);
            void navigate(receiptAppPath);
          }}
        />
      ) : null}
    </>
  );
}
