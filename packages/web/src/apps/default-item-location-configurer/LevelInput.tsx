import { useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { notify } from '../../platform/notifications.js';

/** A stock level typed: empty is none, else a non-negative decimal (point or comma); undefined when invalid. */
export function parseLevel(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

interface LevelInputProps {
  value: number | null;
  label: string;
  disabled: boolean;
  onSave: (value: number | null) => void;
  testId: string;
}

/**
 * An inline stock level: saved when it loses the focus or on Enter, when it changed; Escape or
 * an invalid entry (invalidLevel) puts the stored value back.
 */
export function LevelInput({ value, label, disabled, onSave, testId }: LevelInputProps) {
  const shown = value === null ? '' : formatQuantity(value);
  const [text, setText] = useState(shown);
  const [stored, setStored] = useState(shown);
  if (stored !== shown) {
    setStored(shown);
    setText(shown);
  }
  const commit = () => {
    const parsed = parseLevel(text);
    if (parsed === undefined) {
      notify('danger', 'setup:defaults.invalidLevel', { value: text });
      setText(shown);
      return;
    }
    if (parsed !== value) onSave(parsed);
  };
  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') setText(shown);
  };
  return (
    <Form.Control
      size="sm"
      inputMode="decimal"
      className="text-end"
      value={text}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={handleKey}
      data-testid={testId}
    />
  );
}
