import type { KeyboardEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { shortcutOf } from './shortcut-key.js';

interface ShortcutKeyInputProps {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * Captures a key combination: focus the field and press the keys. Tab moves on, and
 * Backspace or Delete alone clears, as does the clear button.
 */
export function ShortcutKeyInput({ id, value, onChange }: ShortcutKeyInputProps) {
  const { t } = useTranslation('userSettings');

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    if (plain && event.key === 'Tab') return;
    // Captured here only: the shell's own shortcuts must not act on it.
    event.preventDefault();
    event.stopPropagation();
    if (plain && !event.shiftKey && (event.key === 'Backspace' || event.key === 'Delete')) {
      onChange(null);
      return;
    }
    const shortcut = shortcutOf(event);
    if (shortcut) onChange(shortcut);
  }

  return (
    <InputGroup>
      <Form.Control
        id={id}
        readOnly
        value={value ?? ''}
        placeholder={t('pressKeys')}
        onKeyDown={handleKeyDown}
        data-testid="menu-shortcut-key"
        aria-describedby={`${id}-help`}
      />
      <Button variant="outline-secondary" onClick={() => onChange(null)} disabled={value === null}>
        {t('clear')}
      </Button>
    </InputGroup>
  );
}
