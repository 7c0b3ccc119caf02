import { useEffect, useSyncExternalStore } from 'react';
import {
  appendToLog,
  maxVisibleNotifications,
  notificationDuration,
  type ErrorLogEntry,
  type NotificationContent,
  type NotificationItem,
  type NotificationVariant,
} from './notification-store.js';
import type { NoticeKey } from './notification-store.js';
import { playErrorSound, playSoftSound } from './sounds.js';

export type { NotificationVariant, NotificationItem, ErrorLogEntry } from './notification-store.js';

let items: NotificationItem[] = [];
let errorLog: ErrorLogEntry[] = [];
let nextId = 1;
let userDurationMs: number | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session layer passes the signed-in user's popupDuration (null when signed out: 5000 ms). */
export function setNotificationDuration(ms: number | null): void {
  userDurationMs = ms;
}

function show(variant: NotificationVariant, content: NotificationContent, sound: boolean): void {
  const now = Date.now();
  const item: NotificationItem = {
    ...content,
    id: nextId++,
    variant,
    createdAt: now,
    durationMs: notificationDuration(userDurationMs),
  };
  items = [...items, item].slice(-maxVisibleNotifications);
  if (variant === 'danger') {
    errorLog = appendToLog(errorLog, { ...content, id: item.id, time: now });
    playErrorSound();
  } else if (sound && (variant === 'info' || variant === 'success')) {
    playSoftSound();
  }
  changed();
}

/**
 * Shows a notification; usable outside React. `key` is a translation key (`namespace:key`; a bare
 * key is looked up in common, then errors) with its {placeholder} arguments. Danger ones beep and
 * go to the error log; `sound` lets info and success play a soft tone.
 */
export function notify(
  variant: NotificationVariant,
  key: NoticeKey,
  args: Record<string, unknown> = {},
  options: { sound?: boolean } = {},
): void {
  show(variant, { key, args }, options.sound ?? false);
}

/** Shows a text as it is (a broadcast's message), not a translation key. */
export function notifyText(variant: NotificationVariant, text: string, options: { sound?: boolean } = {}): void {
  show(variant, { text }, options.sound ?? false);
}

/** Adds an application error to the error log without a notification. */
export function logError(text: string, detail?: string): void {
  errorLog = appendToLog(errorLog, { id: nextId++, time: Date.now(), text, detail });
  changed();
}

export function dismissNotification(id: number): void {
  items = items.filter((item) => item.id !== id);
  changed();
}

export function clearErrorLog(): void {
  errorLog = [];
  changed();
}

export function useNotifications(): NotificationItem[] {
  return useSyncExternalStore(subscribe, () => items);
}

export function useErrorLog(): ErrorLogEntry[] {
  return useSyncExternalStore(subscribe, () => errorLog);
}

let historyShown = false;

/** Opens (or closes) the full-screen error history, e.g. from the user dropdown. */
export function setErrorHistoryShown(shown: boolean): void {
  historyShown = shown;
  changed();
}

export function useErrorHistoryShown(): boolean {
  return useSyncExternalStore(subscribe, () => historyShown);
}

/** Shift+Alt+E toggles the error history. */
export function useErrorHistoryShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.shiftKey && event.altKey && event.code === 'KeyE') {
        event.preventDefault();
        setErrorHistoryShown(!historyShown);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
