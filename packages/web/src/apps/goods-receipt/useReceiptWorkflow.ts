import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsReceipt } from '@wms/contract';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { useManagerApproval } from '../../handheld/useManagerApproval.js';
import { notify } from '../../platform/notifications.js';
import { receiptQueries } from './receipt-api.js';
import { emptyDraft, withProgress, type ReceiptDraft } from './receipt-state.js';
import { receiptSteps } from './receipt-workflow.js';

/** A reopened receipt resumes at the commit step only to offer its retry (the answer is unknown). */
export function resumeReceipt(point: ResumePoint<ReceiptDraft>): ResumePoint<ReceiptDraft> {
  return point.stepId === 'commit' && !point.state.failed
    ? { ...point, state: { ...point.state, failed: true } }
    : point;
}

/**
 * The receipt screen's workflow on this device: the engine over the HTTP services, the receipt
 * read from its query (lines, rules, default target), the entry's Idempotency-Key kept and saved
 * with the workflow, the manager dialog. Saved per receipt and user: reopening
 * /goods_receipt/:id resumes the step (recoveredPreviousSession).
 */
export function useReceiptWorkflow(code: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = receiptQueries.detail(code);
  const query = useQuery(detail);
  const receipt = query.data?.receipt ?? null;
  const latest = useRef<GoodsReceipt | null>(receipt);
  latest.current = receipt;
  const manager = useManagerApproval();
  const askManager = useRef(manager.askManager);
  askManager.current = manager.askManager;
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() =>
    receiptSteps({
      receipt: () => latest.current,
      keeper,
      askManager: (reason) => askManager.current(reason ? t(`errors:${reason.key}`, reason.args) : null),
      onProgress: (answer) =>
        queryClient.setQueryData(detail.queryKey, (old) =>
          old ? { receipt: withProgress(old.receipt, answer) } : old,
        ),
    }),
  );
  const workflow = useDeviceWorkflow<ReceiptDraft>({
    steps,
    initial: () => emptyDraft(code),
    start: 'item',
    appId: `goodsReceipt.${code}`,
    keeper,
    restore: resumeReceipt,
  });
  const resumed = workflow.resumed;
  useEffect(() => {
    if (resumed) notify('info', 'goodsReceipt:recoveredPreviousSession', { receipt: code });
  }, [resumed, code]);
  return { ...workflow, receipt, query, keeper, managerDialog: manager.dialog };
}
