import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';

/** The copy button pauses this long before it shows 'copied'. */
export const copyPauseMs = 100;

/** Copies an object code to the clipboard (role authCopyObjectCodes only). */
export function CopyCodeButton({
  code,
  className,
  onDanger = false,
}: {
  code: string;
  className?: string;
  onDanger?: boolean;
}) {
  const { t } = useTranslation('objects');
  const { hasRole } = useSession();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  if (!hasRole('authCopyObjectCodes')) return null;

  const copy = async () => {
    setCopied(false);
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      notify('danger', 'objects:copyFailed');
      return;
    }
    timer.current = setTimeout(() => setCopied(true), copyPauseMs);
  };

  return (
    <Button
      variant={copied ? 'success' : onDanger ? 'outline-light' : 'outline-secondary'}
      size="sm"
      className={className}
      onClick={() => void copy()}
      aria-label={t('copyCode')}
      title={t('copyCode')}
      data-testid="copy-code"
      data-copied={copied || undefined}
    >
      <i className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'}`} aria-hidden="true" />{' '}
      {copied ? t('copied') : t('copy')}
    </Button>
  );
}
