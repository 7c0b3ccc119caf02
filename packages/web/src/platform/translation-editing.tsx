import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether translation editing is on: the switch in the user dropdown and Shift+Alt+T turn it on
 * for translation managers; shell/TranslationEditingHost.tsx shows the badge and opens the editor.
 */
let enabled = false;

/** Whether translation editing is on now. */
export const translationEditingEnabled = () => enabled;
const listeners = new Set<() => void>();

/** Turns translation editing on or off (the shell's host turns it off for a user without the role). */
export function setTranslationEditing(next: boolean): void {
  enabled = next;
  document.body.classList.toggle('wms-translation-editing', next);
  for (const listener of listeners) listener();
}

export function useTranslationEditing(): { enabled: boolean; toggle: () => void } {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => enabled,
  );
  const toggle = useCallback(() => setTranslationEditing(!enabled), []);
  return { enabled: on, toggle };
}
