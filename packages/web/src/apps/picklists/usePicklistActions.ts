import { useQueryClient } from '@tanstack/react-query';
import type { PickListSummary, ShortReason } from '@wms/contract';
import { useCallback, useState } from 'react';
import { notify } from '../../platform/notifications.js';
import type { PicklistDialog } from './picklist-dialogs.js';
import { shortLinesOf } from './picklist-dialogs.js';
import { isRefusal, showFailure, shown } from './picklist-failure.js';
import type { RowAction } from './picklist-permissions.js';
import { pickListApi, pickListsKey, planningKey } from './picklists-api.js';

/** The menu actions that are one call, without a dialog. */
type CallAction = Exclude<RowAction, 'edit' | 'claim' | 'clear' | 'attachments' | 'flush'>;

/**
 * The overview's writes. Each refreshes the pick list reads afterwards (live does as well, for
 * the others' screens). A refusal shows its key; the ones the app answers itself open a dialog:
 * mergeNeedsConfirmationDifferentShipTo asks and merges again with the confirmation,
 * shortReasonRequired asks the reasons and flushes again.
 */
export function usePicklistActions(open: (dialog: PicklistDialog | null) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        return await call();
      } finally {
        setBusy(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: pickListsKey }),
          queryClient.invalidateQueries({ queryKey: planningKey }),
        ]);
      }
    },
    [queryClient],
  );

  const merge = useCallback(
    (codes: string[], confirmDifferentShipTo: boolean) =>
      run(async () => {
        try {
          const merged = await pickListApi.merge(codes, confirmDifferentShipTo);
          notify('success', 'picklists:merged', { code: merged.code, codes: codes.join(', ') });
          open(null);
          return merged;
        } catch (error) {
          if (!confirmDifferentShipTo && isRefusal(error, 'mergeNeedsConfirmationDifferentShipTo')) {
            open({ kind: 'mergeShipTo', codes });
          } else {
            open(null);
            showFailure(error);
          }
          return null;
        }
      }),
    [run, open],
  );

  const flush = useCallback(
    (list: PickListSummary, shortReasons: { lineNumber: number; reason: ShortReason }[]) =>
      run(async () => {
        try {
          const answer = await pickListApi.flush(list.code, shortReasons);
          if (answer.flush.key) notify('danger', `errors:${answer.flush.key}`);
          else notify('success', 'picklists:flushed', { code: list.code });
          open(null);
          return answer;
        } catch (error) {
          if (isRefusal(error, 'shortReasonRequired')) {
            open({ kind: 'flush', list, lines: shortLinesOf(error.args.lines) });
          } else {
            showFailure(error);
          }
          return null;
        }
      }),
    [run, open],
  );

  const clear = useCallback(
    (list: PickListSummary) =>
      run(async () => {
        open(null);
        const answer = await shown(() => pickListApi.clear(list.code, list.version));
        if (answer?.storageRequest) notify('success', 'picklists:clearedToStorage', answer);
        else if (answer) notify('success', 'picklists:cleared', { code: answer.code });
        return answer;
      }),
    [run, open],
  );

  const simple = useCallback(
    (action: CallAction, list: PickListSummary) =>
      run(async () => {
        const code = list.code;
        switch (action) {
          case 'copy': {
            const answer = await shown(() => pickListApi.copy(code, list.version));
            if (answer) notify('success', 'picklists:copied', answer);
            return;
          }
          case 'removeClaim':
            return done(await shown(() => pickListApi.removeClaim(code)), 'claimRemoved', code);
          case 'detachClaim':
            return done(await shown(() => pickListApi.detachClaim(code)), 'claimDetached', code);
          case 'promote':
            return done(await shown(() => pickListApi.promote(code)), 'promoted', code);
          case 'markPacked':
            return done(await shown(() => pickListApi.markPacked(code)), 'markedPacked', code);
          case 'markUnpacked':
            return done(await shown(() => pickListApi.markUnpacked(code)), 'markedUnpacked', code);
          case 'reallocate':
            return done(await shown(() => pickListApi.reallocate(code)), 'reallocated', code);
        }
      }),
    [run],
  );

  /** A list's menu action: a dialog, or the call. */
  const handleAction = useCallback(
    (action: RowAction, list: PickListSummary) => {
      switch (action) {
        case 'edit':
        case 'claim':
        case 'clear':
        case 'attachments':
          open({ kind: action, list });
          return;
        case 'flush':
          void flush(list, []);
          return;
        case 'copy':
        case 'removeClaim':
        case 'detachClaim':
        case 'promote':
        case 'markPacked':
        case 'markUnpacked':
        case 'reallocate':
          void simple(action, list);
      }
    },
    [open, flush, simple],
  );

  return { busy, run, merge, flush, clear, handleAction };
}

function done(answer: unknown, key: string, code: string): void {
  if (answer) notify('success', `picklists:${key}`, { code });
}
