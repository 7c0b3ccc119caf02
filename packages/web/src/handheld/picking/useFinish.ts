import type { PickList, ShortReason } from '@wms/contract';
import { useState } from 'react';
import { StepFailure } from '../keyed-failure.js';
import { notify } from '../../platform/notifications.js';
import { linesNeedingReason } from './FinishPanel.js';
import { pickingApi } from './picking-api.js';
import { showFailure } from '../show-failure.js';

/** The numbers a shortReasonRequired {lines} names (an array or a comma list). */
function namedLines(args: Record<string, unknown>): number[] {
  const lines = args.lines;
  const parts = Array.isArray(lines) ? lines : typeof lines === 'string' ? lines.split(/[\s,]+/) : [];
  return parts.map(Number).filter((value) => Number.isInteger(value));
}

/**
 * The finish of a list (POST flush): asked when no line is open (or from the menu); a
 * shortReasonRequired answer asks a reason per line and the finish is sent again with them.
 * `finishedKey`: the success notice (an app built on this flow may say more, or '' for none).
 */
export function useFinish(
  code: string,
  onList: (list: PickList) => void,
  onFinished: () => void,
  finishedKey: `${string}:${string}` | '' = 'stockPicking:finished',
) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reasonLines, setReasonLines] = useState<number[]>([]);
  const [reasons, setReasons] = useState<Record<number, ShortReason>>({});

  const finish = async (pickList: PickList) => {
    setBusy(true);
    try {
      const shortReasons = reasonLines.flatMap((lineNumber) => {
        const reason = reasons[lineNumber];
        return reason ? [{ lineNumber, reason }] : [];
      });
      const answer = await pickingApi.flush(code, shortReasons);
      onList(answer.pickList);
      if (answer.flush.key === null) {
        if (finishedKey !== '') notify('success', finishedKey, { code }, { sound: true });
      } else {
        notify('warning', 'errors:operationCompletedWithErrors', {}, { sound: true });
      }
      setAsking(false);
      onFinished();
    } catch (error) {
      if (error instanceof StepFailure && error.key === 'errors:shortReasonRequired') {
        setReasonLines(linesNeedingReason(pickList, namedLines(error.args)));
      }
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    asking,
    busy,
    reasonLines,
    reasons,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    setReason: (lineNumber: number, reason: ShortReason) => setReasons((all) => ({ ...all, [lineNumber]: reason })),
    finish,
  };
}
