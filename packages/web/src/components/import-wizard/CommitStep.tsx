import type { ImportCommitMode, ImportSession } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../object-dialogs/ConfirmDialog.js';
import { CommitResult } from './CommitResult.js';
import { ImportProgressBar } from './ImportProgressBar.js';
import type { ImportProgress } from './useImportProgress.js';

interface CommitStepProps {
  session: ImportSession;
  busy: boolean;
  progress: ImportProgress | null;
  onCommit: (mode: ImportCommitMode) => void;
  onBack: () => void;
  onNewImport: () => void;
}

/**
 * Step 5: import. All or nothing (the default: one transaction, any error row imports nothing) or
 * the valid rows only (per document; a document with an error row is skipped). All or nothing
 * cannot be chosen while rows have errors. Asks before it writes; then shows what was created.
 */
export function CommitStep({ session, busy, progress, onCommit, onBack, onNewImport }: CommitStepProps) {
  const { t } = useTranslation('importers');
  const counts = session.counts ?? { valid: 0, warning: 0, error: 0 };
  const hasErrors = counts.error > 0;
  const [mode, setMode] = useState<ImportCommitMode>(hasErrors ? 'VALID_ROWS_ONLY' : 'ALL_OR_NOTHING');
  const [confirming, setConfirming] = useState(false);
  const importable = counts.valid + counts.warning;

  if (session.status === 'COMMITTED' && session.result)
    return <CommitResult session={session} onNewImport={onNewImport} />;

  const option = (value: ImportCommitMode, disabled: boolean) => (
    <Form.Check
      type="radio"
      id={`import-mode-${value}`}
      name="import-mode"
      checked={mode === value}
      disabled={disabled || busy}
      onChange={() => setMode(value)}
      label={
        <>
          <span className="fw-semibold">{t(`commit.mode.${value}`)}</span>
          <span className="d-block small text-body-secondary">{t(`commit.explain.${value}`)}</span>
        </>
      }
      data-testid={`import-mode-${value}`}
    />
  );

  return (
    <div className="d-flex flex-column gap-3" data-testid="import-commit">
      <fieldset className="d-flex flex-column gap-2">
        <legend className="h6">{t('commit.modeLabel')}</legend>
        {option('ALL_OR_NOTHING', hasErrors)}
        {hasErrors ? (
          <div className="small text-danger ms-4" data-testid="import-mode-blocked">
            {t('commit.allOrNothingBlocked', { count: counts.error })}
          </div>
        ) : null}
        {option('VALID_ROWS_ONLY', false)}
      </fieldset>
      {importable === 0 ? <Alert variant="warning">{t('commit.nothingToImport')}</Alert> : null}
      {busy ? <ImportProgressBar progress={progress} phase="COMMIT" /> : null}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button
          onClick={() => setConfirming(true)}
          disabled={busy || importable === 0 || (mode === 'ALL_OR_NOTHING' && hasErrors)}
          data-testid="import-commit-button"
        >
          {t('commit.button')}
        </Button>
      </div>
      <ConfirmDialog
        show={confirming}
        message={t(`commit.confirm.${mode}`, { count: importable, file: session.fileName })}
        confirmLabel={t('commit.button')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onCommit(mode);
        }}
      />
    </div>
  );
}
