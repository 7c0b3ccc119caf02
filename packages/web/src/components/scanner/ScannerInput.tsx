import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { CameraScanButton } from '../capture/CameraScanButton.js';
import { ScannerDialog } from './ScannerDialog.js';
import { parseScannerInput } from './scanner-commands.js';
import { useScannerCommands } from './useScannerCommands.js';

/** The scanner bar takes focus back this long after losing it. */
export const scannerRefocusDelayMs = 1;

export interface ScannerInputProps {
  /** A plain scan or typed text (trimmed, never empty). */
  onScan: (text: string) => void;
  /** [PLUS<n>] (sign 1) or [MIN<n>] (sign -1); amount is the exact decimal text. Ignored when absent. */
  onQuantity?: (sign: 1 | -1, amount: string) => void;
  /** Translation key of the placeholder (default components:scanner.placeholder). */
  placeholder?: string;
  disabled?: boolean;
  /** Take focus on mount and back after losing it to nothing (default true). */
  keepFocus?: boolean;
  testId?: string;
  /** A short hint under the input (a scan that was ignored, ...); announced politely. */
  hint?: string | null;
}

/**
 * The scanner input bar: Enter (a scanner sends one after the code) or the
 * button submits the text. Command strings (`_be_...`) are carried out here, quantities go to
 * onQuantity and everything else to onScan. After losing focus it refocuses itself 1 ms later,
 * but only when focus went nowhere (to the page body): another input or a dialog keeps it.
 */
export function ScannerInput(props: ScannerInputProps) {
  const { onScan, onQuantity, placeholder, disabled = false, keepFocus = true, testId = 'scanner-input', hint } = props;
  const { t } = useTranslation('components');
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const { run, question } = useScannerCommands();

  useEffect(() => {
    if (keepFocus && !disabled) inputRef.current?.focus();
  }, [keepFocus, disabled]);

  const onBlur = () => {
    if (!keepFocus) return;
    setTimeout(() => {
      const input = inputRef.current;
      if (!input || input.disabled || !input.isConnected) return;
      const active = document.activeElement;
      if (active === null || active === document.body) input.focus();
    }, scannerRefocusDelayMs);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // What the field holds now: a wedge scanner's Enter may come before React has rendered the
    // last keystrokes into `text`.
    const value = inputRef.current?.value ?? text;
    setText('');
    if (keepFocus) inputRef.current?.focus();
    handleText(value);
  };

  /** Typed, scanned or read by the camera: the same handling. */
  const handleText = (value: string) => {
    if (!value.trim()) return;
    const input = parseScannerInput(value);
    if (input.kind === 'scan') onScan(input.text);
    else if (input.kind === 'quantity') onQuantity?.(input.sign, input.amount);
    else void run(input);
  };

  return (
    <>
      <Form onSubmit={submit} className="w-100" role="search">
        <InputGroup>
          <Form.Control
            ref={inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={onBlur}
            placeholder={t(placeholder ?? 'components:scanner.placeholder')}
            aria-label={t('scanner.label')}
            disabled={disabled}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="send"
            data-testid={testId}
          />
          <CameraScanButton onScan={handleText} disabled={disabled} />
          <Button
            type="submit"
            variant="outline-secondary"
            disabled={disabled}
            aria-label={t('scanner.submit')}
            onMouseDown={(event) => event.preventDefault()}
          >
            <i className="bi bi-upc-scan" aria-hidden="true" />
          </Button>
        </InputGroup>
        <Form.Text
          as="p"
          className="scanner-hint mb-0 small fw-semibold text-warning-emphasis"
          role="status"
          aria-live="polite"
          data-testid="scanner-hint"
        >
          {hint ?? ''}
        </Form.Text>
      </Form>
      <ScannerDialog question={question} />
    </>
  );
}
