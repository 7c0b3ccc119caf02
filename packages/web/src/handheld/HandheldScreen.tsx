import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ScannerInput } from '../components/scanner/ScannerInput.js';
import './handheld-screen.css';

/** A button press must not take the focus from the scanner bar (the next scan goes there). */
export const keepScannerFocus = (event: { preventDefault: () => void }) => event.preventDefault();

export interface HandheldScreenProps {
  testId: string;
  /** The current step's question, translated. */
  prompt: string;
  busy: boolean;
  onScan: (text: string) => void;
  canGoBack: boolean;
  onBack: () => void;
  onCancel: () => void;
  /** The collected values (compact). */
  summary?: ReactNode;
  /** Buttons beside Back and Cancel (Retry, Choose target, Confirm, ...). */
  actions?: ReactNode;
  /** What the step shows below (collected lines, location contents). */
  children?: ReactNode;
  /** A short hint under the scanner input (an ignored scan). */
  scanHint?: string | null;
}

/**
 * One question per screen (DOMAIN.md, handheld flows): the prompt big, the scanner bar right
 * under it and always focused, the collected values as a compact summary, Back and Cancel as
 * big buttons. Works on 360x640 and on a desktop.
 */
export function HandheldScreen(props: HandheldScreenProps) {
  const { testId, prompt, busy, onScan, canGoBack, onBack, onCancel, summary, actions, children, scanHint } = props;
  const { t } = useTranslation('handheld');
  const onQuantity = (sign: 1 | -1, amount: string) => onScan(sign > 0 ? `[PLUS${amount}]` : `[MIN${amount}]`);
  return (
    <Container fluid="md" className="handheld-screen py-2 py-sm-3 d-flex flex-column gap-3" data-testid={testId}>
      <div className="d-flex align-items-start gap-2">
        <p className="handheld-prompt mb-0 flex-grow-1" data-testid="handheld-prompt" aria-live="polite">
          {prompt}
        </p>
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('screen.busy')} className="mt-2" />
        ) : null}
      </div>
      <ScannerInput
        onScan={onScan}
        onQuantity={onQuantity}
        placeholder="handheld:screen.scanPlaceholder"
        hint={scanHint ?? null}
      />
      {summary}
      <div className="handheld-actions d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          size="lg"
          onClick={onBack}
          onMouseDown={keepScannerFocus}
          disabled={!canGoBack}
          data-testid="handheld-back"
        >
          <i className="bi bi-arrow-left me-1 d-none d-sm-inline" aria-hidden="true" />
          {t('screen.back')}
        </Button>
        <Button
          variant="outline-danger"
          size="lg"
          onClick={onCancel}
          onMouseDown={keepScannerFocus}
          data-testid="handheld-cancel"
        >
          <i className="bi bi-x-lg me-1 d-none d-sm-inline" aria-hidden="true" />
          {t('screen.cancel')}
        </Button>
        {actions}
      </div>
      {children}
    </Container>
  );
}

interface ActionButtonProps {
  label: string;
  testId: string;
  onClick: () => void;
  /** Primary unless a lesser action (outline-primary, outline-secondary). */
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}

/** A big button beside Back and Cancel that leaves the focus in the scanner bar. */
export function ActionButton({ label, testId, onClick, variant = 'primary', disabled }: ActionButtonProps) {
  return (
    <Button
      variant={variant}
      size="lg"
      onClick={onClick}
      onMouseDown={keepScannerFocus}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
