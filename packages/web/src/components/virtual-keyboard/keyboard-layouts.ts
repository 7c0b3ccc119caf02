/** The virtual keyboard's layouts: text, numeric and date. */
export type KeyboardLayout = 'text' | 'numeric' | 'date';
export const keyboardLayouts: readonly KeyboardLayout[] = ['text', 'numeric', 'date'];

/** Above Bootstrap modals (1050). */
export const virtualKeyboardZIndex = 1051;

/** A key: a character to type, or an action. */
export type KeyboardKey =
  | { kind: 'char'; value: string }
  | { kind: 'backspace' }
  | { kind: 'enter' }
  | { kind: 'shift' }
  | { kind: 'space' }
  | { kind: 'clear' }
  | { kind: 'today' }
  | { kind: 'layout'; layout: KeyboardLayout };

const chars = (row: string): KeyboardKey[] => [...row].map((value) => ({ kind: 'char', value }));

/** Rows of keys; letters are lower case and shown and typed upper case while shift is on. */
export function keyboardRows(layout: KeyboardLayout): KeyboardKey[][] {
  switch (layout) {
    case 'text':
      return [
        chars('1234567890'),
        chars('qwertyuiop'),
        chars('asdfghjkl-'),
        [{ kind: 'shift' }, ...chars('zxcvbnm./'), { kind: 'backspace' }],
        [{ kind: 'layout', layout: 'numeric' }, ...chars('_'), { kind: 'space' }, ...chars('@'), { kind: 'enter' }],
      ];
    case 'numeric':
      return [
        chars('789'),
        chars('456'),
        chars('123'),
        [...chars('-0.'), { kind: 'backspace' }],
        [{ kind: 'layout', layout: 'text' }, { kind: 'clear' }, { kind: 'enter' }],
      ];
    case 'date':
      return [
        chars('789'),
        chars('456'),
        chars('123'),
        [...chars('-0'), { kind: 'backspace' }],
        [{ kind: 'today' }, { kind: 'clear' }, { kind: 'enter' }],
      ];
  }
}

/** The text a char key types with or without shift. */
export function keyText(value: string, shift: boolean): string {
  return shift ? value.toUpperCase() : value;
}

/** Today as DD-MM-YYYY, the date format of the screens. */
export function todayText(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
}

const textTypes = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** Inputs the keyboard types into: text-like inputs and text areas that can be edited. */
export function isKeyboardTarget(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (!(element instanceof HTMLInputElement)) return false;
  if (element.readOnly || element.disabled) return false;
  if (element.dataset.virtualKeyboard === 'off') return false;
  return textTypes.has(element.type);
}

/**
 * The layout for an input: its `data-keyboard-layout` attribute, else numeric for number inputs
 * and numeric or decimal inputMode, else text.
 */
export function layoutForInput(element: HTMLInputElement | HTMLTextAreaElement): KeyboardLayout {
  const wanted = element.dataset.keyboardLayout;
  if (wanted && (keyboardLayouts as readonly string[]).includes(wanted)) return wanted as KeyboardLayout;
  if (element instanceof HTMLInputElement && (element.type === 'number' || element.type === 'tel')) return 'numeric';
  if (element.inputMode === 'numeric' || element.inputMode === 'decimal') return 'numeric';
  return 'text';
}
