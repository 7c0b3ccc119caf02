import type { AnyLiveMessage, Broadcast, CounterPath } from '@wms/contract';
import type { NotificationVariant } from './notification-store.js';
import { toNoticeKey, type NoticeKey } from './notification-store.js';

/** A modal a live message opens (rendered by shell/LiveDialogHost.tsx). */
export type LiveDialog =
  | { kind: 'alert'; title?: string; key: string; args: Record<string, unknown> }
  | { kind: 'broadcast'; broadcast: Broadcast }
  | { kind: 'takeover'; deviceName: string; listener: string | null }
  | { kind: 'pdf'; url: string };

/** What the default handlers may do; live.tsx passes the real effects, tests fakes. */
export interface LiveEffects {
  tabHidden(): boolean;
  uniqueSession: string;
  notify(variant: NotificationVariant, key: NoticeKey, args: Record<string, unknown>, sound: boolean): void;
  reload(): void;
  mergeCounters(counters: Record<string, number>): void;
  setCounter(path: CounterPath, count: number): void;
  adjustCounter(path: CounterPath, delta: number): void;
  openDialog(dialog: LiveDialog): void;
  transferLogin(token: string): void;
}

/** Kinds ignored while the browser tab is hidden. */
export const ignoredWhileHidden: ReadonlySet<AnyLiveMessage['what']> = new Set(['TRANSFER_LOGIN', 'PRINT_JOB']);

const noticeVariants = { ERROR: 'danger', WARNING: 'warning', INFO: 'info', SUCCESS: 'success' } as const;

/**
 * The default behaviour of each message kind. Returns false when the
 * message is ignored (hidden tab), so listeners registered with useLiveMessage do not get it.
 */
export function handleLiveMessage(message: AnyLiveMessage, effects: LiveEffects): boolean {
  if (ignoredWhileHidden.has(message.what) && effects.tabHidden()) return false;
  switch (message.what) {
    case 'RELOAD':
      effects.reload();
      break;
    case 'ERROR':
    case 'WARNING':
    case 'INFO':
    case 'SUCCESS': {
      const variant = noticeVariants[message.what];
      effects.notify(
        variant,
        toNoticeKey(message.payload.key),
        message.payload.args ?? {},
        variant === 'info' || variant === 'success',
      );
      break;
    }
    case 'ALERT':
      effects.openDialog({
        kind: 'alert',
        title: message.payload.title,
        key: message.payload.key,
        args: message.payload.args ?? {},
      });
      break;
    case 'NOTIFICATION_COUNTERS':
      effects.mergeCounters(message.payload.counters);
      break;
    case 'ALERT_NOTIFICATIONS_COUNTER':
      effects.setCounter('/alerting', message.payload.count);
      break;
    case 'USER_TASKS_COUNTER':
      effects.setCounter('/my_user_tasks', message.payload.count);
      break;
    case 'BROADCAST':
      effects.openDialog({ kind: 'broadcast', broadcast: message.payload });
      break;
    case 'SERVER_RESTARTING':
      effects.notify('info', 'platform:serverRestarting', {}, false);
      break;
    case 'REQUEST_SESSION_TAKEOVER': {
      const { deviceName, uniqueSession, listener } = message.payload;
      if (uniqueSession !== null && uniqueSession !== effects.uniqueSession) break;
      if (deviceName) effects.openDialog({ kind: 'takeover', deviceName, listener: listener ?? null });
      break;
    }
    case 'NEW_USER_TASK':
      effects.adjustCounter('/my_user_tasks', 1);
      effects.notify('info', 'platform:newUserTask', { title: message.payload.title }, true);
      break;
    case 'USER_TASKS_COMPLETED_ONE':
      effects.adjustCounter('/my_user_tasks', -1);
      effects.notify('info', 'platform:userTaskCompletedBy', { by: message.payload.by }, true);
      break;
    case 'USER_TASKS_CLAIMED_BY':
      effects.adjustCounter('/my_user_tasks', -1);
      effects.notify('info', 'platform:userTaskClaimedBy', { by: message.payload.by }, true);
      break;
    case 'TRANSFER_LOGIN':
      effects.transferLogin(message.payload.token);
      break;
    case 'PREVIEW_PDF':
      effects.openDialog({ kind: 'pdf', url: message.payload.url });
      break;
    case 'DEVICE_PAIRING': // kept by live.tsx, never passed on
    case 'PRINT_JOB':
    case 'USER_CONNECTED':
    case 'SESSION_CLOSED':
    case 'ITEM_CHANGED':
    case 'BIN_LOCATION_CHANGED':
    case 'WORK_TIMES_CHANGED':
    case 'DOCUMENT_CHANGED':
    case 'IMPORT_PROGRESS':
      // Peripherals, the sessions screen, the item and location views and open documents listen through useLiveMessage.
      break;
  }
  return true;
}

/** Counters after a NOTIFICATION_COUNTERS message: the full set or single changed paths merged in. */
export function mergeCounters(current: Readonly<Record<string, number>>, changes: Record<string, number>) {
  return { ...current, ...changes };
}

/** A counter changed by delta, never below 0. */
export function adjustCounter(current: Readonly<Record<string, number>>, path: string, delta: number) {
  return { ...current, [path]: Math.max(0, (current[path] ?? 0) + delta) };
}
