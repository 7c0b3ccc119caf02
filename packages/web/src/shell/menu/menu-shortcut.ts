/**
 * The menu toggle shortcut (user setting menuToggleShortcutKey): modifiers and one key joined by
 * '+', e.g. 'Alt+M', 'Ctrl+Shift+F2', 'Alt+Space'. Modifiers: Ctrl (or Control), Alt, Shift, Meta,
 * in any order. The key is a letter or digit (matched by its physical key, so Alt+M works on a
 * Mac keyboard where Alt turns M into µ), 'Space', or a KeyboardEvent.key name such as F2,
 * Escape or ArrowUp. Case does not matter. Empty or null: no shortcut.
 */
export interface Shortcut {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
  key: string;
}

const modifierNames: Readonly<Record<string, keyof Omit<Shortcut, 'key'>>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
};

/** Parses a shortcut setting; null when it is empty or not a valid combination. */
export function parseShortcut(text: string | null | undefined): Shortcut | null {
  if (!text) return null;
  const parts = text
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  // 'Ctrl++' names the plus key.
  if (text.trim().endsWith('++')) parts.push('+');
  const key = parts.pop();
  if (key === undefined || key in modifierNames) return null;
  const shortcut: Shortcut = { ctrl: false, alt: false, shift: false, meta: false, key };
  for (const part of parts) {
    const modifier = modifierNames[part];
    if (!modifier) return null;
    shortcut[modifier] = true;
  }
  return shortcut;
}

/** The key of an event in the shortcut format, lower case. */
function eventKey(event: Pick<KeyboardEvent, 'key' | 'code'>): string {
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(event.code)) return event.code.slice(5);
  if (event.key === ' ' || event.code === 'Space') return 'space';
  return event.key.toLowerCase();
}

export function matchesShortcut(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
  shortcut: Shortcut | null,
): boolean {
  if (!shortcut) return false;
  return (
    event.ctrlKey === shortcut.ctrl &&
    event.altKey === shortcut.alt &&
    event.shiftKey === shortcut.shift &&
    event.metaKey === shortcut.meta &&
    eventKey(event) === shortcut.key
  );
}
