import { useEffect, useMemo, useRef } from 'react';
import { matchesShortcut, parseShortcut } from './menu-shortcut.js';

/** The user's menuToggleShortcutKey (e.g. 'Alt+M') toggles the menu anywhere in the app. */
export function useMenuShortcut(setting: string | null | undefined, toggle: () => void): void {
  const shortcut = useMemo(() => parseShortcut(setting), [setting]);
  const latest = useRef(toggle);
  latest.current = toggle;
  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || !matchesShortcut(event, shortcut)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);
}
