import { useQuery, useQueryClient } from '@tanstack/react-query';
import { returnConditions, type FlushLineResult, type GoodsReturn, type GoodsReturnEntry } from '@wms/contract';
import { useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePrinterChoice } from '../../components/printer-choice/usePrinterChoice.js';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { browserPrinter, useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { FlushConfirmation } from './FlushConfirmation.js';
import { showFailure } from './ReturnList.js';
import { ReturnEntries, ReturnLines } from './ReturnLines.js';
import { returnApi, returnQueries } from './returns-api.js';
import { returnsAppPath } from './returns-paths.js';
import { emptyDraft, type ReturnDraft } from './return-state.js';
import { confirmingSteps } from './return-workflow.js';
import { useReturnWorkflow } from './useReturnWorkflow.js';

/** The collected values of the entry (compact). */
function DraftSummary({ draft }: { draft: ReturnDraft }) {
  const { t } = useTranslation('goodsReturns');
  if (!draft.item) return null;
  const rows: [string, string | null][] = [
    ['item', `${draft.item.code} · ${draft.item.name}`],
    ['batch', draft.batch],
    ['serial', draft.serial],
    ['condition', draft.condition ? t(`condition.${draft.condition}`) : null],
  ];
  return (
    <dl className="handheld-summary border rounded p-2" data-testid="return-draft">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([key, value]) => (
          <div key={key} className="d-contents">
            <dt>{t(`draft.${key}`)}</dt>
            <dd data-testid={`draft-${key}`}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * /goods_returns/:id: claims the return when it opens (another user's claim sends the user back
 * to the list with claimedByOtherUser), then one question per screen: item or serial, batch or
 * serial, quantity, condition (buttons, or scan its name). Below: Flush (after a confirmation),
 * Print, Cancel return (before any entry), the lines and the saved entries with undo.
 */
export function ReturnScreen({ code }: { code: string }) {
  const { t } = useTranslation('goodsReturns');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detailQuery = returnQueries.detail(code);
  const query = useQuery({ ...detailQuery, enabled: false });
  const goodsReturn = query.data ?? null;
  const setReturn = (fresh: GoodsReturn) => queryClient.setQueryData(detailQuery.queryKey, fresh);
  const workflow = useReturnWorkflow(code, goodsReturn);
  const { state, stepId } = workflow;
  const { config } = useDeviceConfig();
  const printers = usePrinterChoice();
  const [flushKeeper] = useState(() => new IdempotencyKeeper());
  const [flushing, setFlushing] = useState<'ask' | 'busy' | null>(null);
  const [failures, setFailures] = useState<FlushLineResult[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    returnApi.claim(code).then(
      (claimed) => {
        if (live) queryClient.setQueryData(detailQuery.queryKey, claimed);
      },
      (error: unknown) => {
        showFailure(error);
        if (live) void navigate(returnsAppPath);
      },
    );
    return () => {
      live = false;
    };
    // Claimed once per opened return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  const leave = () => {
    workflow.reset(emptyDraft(code));
    void navigate(returnsAppPath);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const undo = (entry: GoodsReturnEntry) =>
    run(async () => {
      setReturn(await returnApi.undo(code, entry.id));
      notify('success', 'goodsReturns:entryUndone', { quantity: entry.quantity, item: entry.item });
    });
  const cancelReturn = () =>
    run(async () => {
      await returnApi.cancel(code);
      notify('success', 'goodsReturns:cancelled', { code });
      leave();
    });
  const print = () =>
    run(async () => {
      if (config.defaultItemLabelPrinter === browserPrinter) {
        window.open(returnApi.receiptUrl(code), '_blank', 'noopener');
        return;
      }
      const printer = await printers.choosePrinter(config.defaultItemLabelPrinter);
      // No printer set up (or none chosen): the receipt as a PDF instead.
      if (printer < 0) {
        window.open(returnApi.receiptUrl(code), '_blank', 'noopener');
        return;
      }
      const printed = await returnApi.print(code, printer);
      notify('success', 'goodsReturns:printed', { count: printed.printed, printer: printed.printer });
    });
  const flush = async () => {
    setFlushing('busy');
    try {
      const answer = await returnApi.flush(code, flushKeeper);
      setFlushing(null);
      setFailures(answer.lines);
      if (answer.key === null) {
        notify('success', 'goodsReturns:flushed', { code }, { sound: true });
        leave();
        return;
      }
      notify('warning', 'errors:operationCompletedWithErrors', {}, { sound: true });
      setReturn(await returnApi.claim(code));
    } catch (error) {
      setFlushing('ask');
      showFailure(error);
    }
  };

  const retry = stepId === 'commit' && state.failed && !workflow.busy;
  const open = goodsReturn !== null && ['OPEN', 'CLAIMED', 'IN_PROGRESS'].includes(goodsReturn.status);
  const hasEntries = (goodsReturn?.entries.length ?? 0) > 0;
  return (
    <>
      <HandheldScreen
        testId="goods-returns"
        prompt={workflow.promptText}
        busy={workflow.busy || busy}
        onScan={(text) => void workflow.input(text)}
        scanHint={workflow.scanHint}
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'commit'}
        onBack={workflow.back}
        onCancel={() => workflow.reset(emptyDraft(code))}
        summary={<DraftSummary draft={state} />}
        actions={
          <>
            {confirmingSteps.has(stepId) && !workflow.busy ? (
              <ActionButton label={t('actions.ok')} testId="quantity-ok" onClick={() => void workflow.input('')} />
            ) : null}
            {stepId === 'condition' && !workflow.busy
              ? returnConditions.map((condition) => (
                  <ActionButton
                    key={condition}
                    label={t(`condition.${condition}`)}
                    testId={`condition-${condition}`}
                    onClick={() => void workflow.input(condition)}
                  />
                ))
              : null}
            {retry ? (
              <ActionButton
                label={t('actions.retry')}
                testId="handheld-retry"
                onClick={() => void workflow.input('')}
              />
            ) : null}
            {open && hasEntries ? (
              <ActionButton label={t('actions.flush')} testId="return-flush" onClick={() => setFlushing('ask')} />
            ) : null}
            {open && !hasEntries ? (
              <ActionButton
                label={t('actions.cancelReturn')}
                testId="return-cancel"
                onClick={() => void cancelReturn()}
              />
            ) : null}
            {goodsReturn ? (
              <ActionButton label={t('actions.print')} testId="return-print" onClick={() => void print()} />
            ) : null}
            <ActionButton label={t('actions.list')} testId="return-leave" onClick={leave} />
          </>
        }
      >
        {goodsReturn ? (
          <>
            <p className="mb-0 small text-body-secondary" data-testid="return-header">
              {t('header', {
                code: goodsReturn.code,
                customer: goodsReturn.partner?.name ?? goodsReturn.partner?.code ?? '',
                status: t(`status.${goodsReturn.status}`),
              })}
            </p>
            <ReturnLines goodsReturn={goodsReturn} selected={state.line} failures={failures} />
            <ReturnEntries entries={goodsReturn.entries} onUndo={(entry) => void undo(entry)} busy={busy} />
          </>
        ) : (
          <Spinner animation="border" role="status" aria-label={t('loading')} />
        )}
      </HandheldScreen>
      {printers.dialog}
      {flushing && goodsReturn ? (
        <FlushConfirmation
          goodsReturn={goodsReturn}
          busy={flushing === 'busy'}
          onConfirm={() => void flush()}
          onCancel={() => setFlushing(null)}
        />
      ) : null}
    </>
  );
}
