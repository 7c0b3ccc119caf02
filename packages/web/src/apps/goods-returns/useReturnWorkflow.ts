import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GoodsReturn } from '@wms/contract';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { notify } from '../../platform/notifications.js';
import { returnQueries } from './returns-api.js';
import { emptyDraft, type ReturnDraft } from './return-state.js';
import { returnSteps } from './return-workflow.js';

/** A reopened return resumes at the commit step only to offer its retry (the answer is unknown). */
export function resumeReturn(point: ResumePoint<ReturnDraft>): ResumePoint<ReturnDraft> {
  return point.stepId === 'commit' && !point.state.failed
    ? { ...point, state: { ...point.state, failed: true } }
    : point;
}

/**
 * The return screen's workflow on this device: the engine over the HTTP services, the return
 * (claimed by the screen) from its query, the entry's Idempotency-Key kept and saved with the
 * workflow. Saved per return and user: reopening /goods_returns/:id resumes the step.
 */
export function useReturnWorkflow(code: string, goodsReturn: GoodsReturn | null) {
  const queryClient = useQueryClient();
  const latest = useRef<GoodsReturn | null>(goodsReturn);
  latest.current = goodsReturn;
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() =>
    returnSteps({
      goodsReturn: () => latest.current,
      keeper,
      onReturn: (fresh) => queryClient.setQueryData(returnQueries.detail(code).queryKey, fresh),
    }),
  );
  const workflow = useDeviceWorkflow<ReturnDraft>({
    steps,
    initial: () => emptyDraft(code),
    start: 'item',
    appId: `goodsReturns.${code}`,
    keeper,
    restore: resumeReturn,
  });
  const resumed = workflow.resumed;
  useEffect(() => {
    if (resumed) notify('info', 'goodsReturns:recoveredPreviousSession', { code });
  }, [resumed, code]);
  return workflow;
}
