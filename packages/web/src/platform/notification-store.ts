import { isErrorKey, type ErrorKey, type TranslationKey } from '@wms/contract';
/** Notifications and the error log as plain data (no DOM): notifications.tsx renders them. */

export type NotificationVariant = 'success' | 'danger' | 'info' | 'default' | 'warning';
export const notificationVariants: readonly NotificationVariant[] = ['success', 'danger', 'info', 'default', 'warning'];

export interface NotificationContent {
  /** A translation key, `namespace:key` (a bare key is looked up in common, then errors). */
  key?: string;
  args?: Record<string, unknown>;
  /** Text shown as it is (a broadcast's message), instead of a key. */
  text?: string;
}

export interface NotificationItem extends NotificationContent {
  id: number;
  variant: NotificationVariant;
  createdAt: number;
  /** How long it stays (ms); 0: until closed. */
  durationMs: number;
}

export interface ErrorLogEntry extends NotificationContent {
  id: number;
  time: number;
  /** Stack or other details of an application error. */
  detail?: string;
}

export const defaultNotificationDurationMs = 5000;
export const errorLogLimit = 250;
/** More toasts than this at once push out the oldest. */
export const maxVisibleNotifications = 5;

/** The log with the entry appended, the oldest dropped beyond the limit. */
export function appendToLog<T>(log: readonly T[], entry: T, limit = errorLogLimit): T[] {
  const next = [...log, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** The translation keys to try for a notification key: `ns:key` as is, a bare key in common then errors. */
export function notificationKeys(key: string): string[] {
  return key.includes(':') ? [key] : [`common:${key}`, `errors:${key}`];
}

/** A notification's or log entry's text: its own text, or its key translated (notificationKeys). */
export function notificationText(
  t: (keys: string[], args: Record<string, unknown>) => string,
  content: NotificationContent,
): string {
  return content.text ?? (content.key ? t(notificationKeys(content.key), content.args ?? {}) : '');
}

/** The duration a new notification gets: the user's popupDuration (0 to 10000) or 5000 ms. */
export function notificationDuration(userDurationMs: number | null | undefined): number {
  if (userDurationMs === null || userDurationMs === undefined || !Number.isFinite(userDurationMs))
    return defaultNotificationDurationMs;
  return Math.min(10_000, Math.max(0, Math.round(userDurationMs)));
}

/** What a notification shows: a key of the error catalogue, or a namespaced translation key. */
export type NoticeKey = ErrorKey | TranslationKey;

/**
 * The notice key of a key that arrives at run time (a live message, a handheld failure): a
 * catalogue key or a namespaced key as it is, any other bare key in common (where a bare key
 * that is no error key is found).
 */
export function toNoticeKey(key: string): NoticeKey {
  return isErrorKey(key) || key.includes(':') ? (key as NoticeKey) : `common:${key}`;
}
