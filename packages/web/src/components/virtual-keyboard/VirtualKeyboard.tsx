import { useEffect, useState, type PointerEvent as ReactPointerEvent, type MouseEvent as ReactMouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  keyText,
  keyboardRows,
  todayText,
  virtualKeyboardZIndex,
  type KeyboardKey,
  type KeyboardLayout,
} from './keyboard-layouts.js';
import './virtual-keyboard.css';
import { clearInput, deleteBackward, insertText, pressEnter } from './type-into-input.js';

export interface VirtualKeyboardProps {
  open: boolean;
  /** The input the keys type into. */
  target: HTMLInputElement | HTMLTextAreaElement | null;
  layout: KeyboardLayout;
  onLayoutChange: (layout: KeyboardLayout) => void;
  onClose: () => void;
}

/** Keeps the focus in the input: a key press must not move it to the button. */
const keepFocus = (event: ReactPointerEvent | ReactMouseEvent) => event.preventDefault();

const wideKeys = new Set<KeyboardKey['kind']>(['space', 'enter', 'shift', 'backspace', 'clear', 'today', 'layout']);

/**
 * The on-screen keyboard, fixed at the bottom of the screen, above modals
 * (z-index 1051): text, numeric and date layouts and a shift toggle. Keys type into `target`.
 */
export function VirtualKeyboard({ open, target, layout, onLayoutChange, onClose }: VirtualKeyboardProps) {
  const { t } = useTranslation('components');
  const [shift, setShift] = useState(false);
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('virtual-keyboard-open');
    return () => document.body.classList.remove('virtual-keyboard-open');
  }, [open]);
  if (!open) return null;

  const press = (key: KeyboardKey) => {
    if (key.kind === 'shift') return setShift((on) => !on);
    if (key.kind === 'layout') return onLayoutChange(key.layout);
    if (!target) return;
    switch (key.kind) {
      case 'char':
        return insertText(target, keyText(key.value, shift));
      case 'space':
        return insertText(target, ' ');
      case 'backspace':
        return deleteBackward(target);
      case 'clear':
        return clearInput(target);
      case 'today':
        clearInput(target);
        return insertText(target, todayText());
      case 'enter':
        return pressEnter(target);
    }
  };

  const label = (key: KeyboardKey): { text: string; aria: string } => {
    switch (key.kind) {
      case 'char': {
        const text = keyText(key.value, shift);
        return { text, aria: text };
      }
      case 'layout':
        return { text: key.layout === 'numeric' ? '123' : 'ABC', aria: t(`keyboard.layouts.${key.layout}`) };
      case 'shift':
        return { text: '⇧', aria: t('keyboard.shift') };
      case 'backspace':
        return { text: '⌫', aria: t('keyboard.backspace') };
      case 'enter':
        return { text: '⏎', aria: t('keyboard.enter') };
      case 'space':
        return { text: '␣', aria: t('keyboard.space') };
      case 'clear':
        return { text: t('keyboard.clear'), aria: t('keyboard.clear') };
      case 'today':
        return { text: t('keyboard.today'), aria: t('keyboard.today') };
    }
  };

  return (
    <div
      role="group"
      aria-label={t('keyboard.title')}
      data-testid="virtual-keyboard"
      data-layout={layout}
      className="position-fixed bottom-0 start-0 end-0 bg-body-tertiary border-top shadow p-1 user-select-none"
      style={{ zIndex: virtualKeyboardZIndex, touchAction: 'manipulation' }}
      onPointerDown={keepFocus}
      onMouseDown={keepFocus}
    >
      <div className="mx-auto" style={{ maxWidth: layout === 'text' ? 720 : 320 }}>
        <div className="d-flex justify-content-end">
          <Button size="sm" variant="link" className="py-0" onClick={onClose} aria-label={t('keyboard.close')}>
            <i className="bi bi-chevron-down" aria-hidden="true" />
          </Button>
        </div>
        {keyboardRows(layout).map((row, rowIndex) => (
          <div key={rowIndex} className="d-flex gap-1 mb-1">
            {row.map((key, keyIndex) => {
              const { text, aria } = label(key);
              const active = key.kind === 'shift' && shift;
              return (
                <Button
                  key={keyIndex}
                  variant={active ? 'primary' : 'light'}
                  className="border px-0 py-2 text-truncate"
                  style={{ flex: key.kind === 'space' ? 4 : wideKeys.has(key.kind) ? 1.5 : 1, minWidth: 0 }}
                  aria-label={aria}
                  aria-pressed={key.kind === 'shift' ? shift : undefined}
                  data-key={key.kind === 'char' ? key.value : key.kind}
                  onClick={() => press(key)}
                >
                  {text}
                </Button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
