import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  importLimits,
  type ImportCommitMode,
  type ImportKind,
  type ImportMapping,
  type ImportSession,
  type ImportSessionStatus,
} from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { CommitStep } from './CommitStep.js';
import { importApi, importQueries, sessionKey, sessionsKey } from './import-api.js';
import { ImportErrorAlert, toImportFailure, type ImportFailure } from './ImportErrorAlert.js';
import { ImportProgressBar } from './ImportProgressBar.js';
import { ImportStepper, type ImportStep } from './ImportStepper.js';
import { MapStep } from './MapStep.js';
import { ReportStep } from './ReportStep.js';
import { UploadStep } from './UploadStep.js';
import { useImportProgress } from './useImportProgress.js';

export interface ImportWizardProps {
  kind: ImportKind;
  /** Called after a commit wrote something (the app refreshes what it shows of the created records). */
  onCommitted?: (session: ImportSession) => void;
}

/** The step a resumed session continues at. */
export function stepOfStatus(status: ImportSessionStatus): ImportStep {
  switch (status) {
    case 'UPLOADED':
    case 'MAPPED':
      return 'map';
    case 'VALIDATED':
      return 'report';
    case 'COMMITTED':
      return 'commit';
    case 'FAILED':
    case 'EXPIRED':
      return 'upload';
  }
}

const validated: readonly ImportSessionStatus[] = ['VALIDATED', 'COMMITTED'];

/**
 * The import framework's wizard for one importer: upload a file (or resume an earlier import),
 * map its columns, the dry run with its progress, the report, and the commit. Every refusal of
 * the server is shown as a danger alert with its translated key.
 */
export function ImportWizard({ kind, onCommitted }: ImportWizardProps) {
  const { t } = useTranslation('importers');
  const queryClient = useQueryClient();
  const description = useQuery(importQueries.describe(kind));
  const [step, setStep] = useState<ImportStep>('upload');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [run, setRun] = useState(0);
  const sessionQuery = useQuery({ ...importQueries.session(kind, sessionId ?? ''), enabled: sessionId !== null });
  const session = sessionId ? (sessionQuery.data ?? null) : null;
  const progress = useImportProgress(sessionId, run);

  const adopt = (answer: ImportSession) => {
    queryClient.setQueryData(sessionKey(kind, answer.id), answer);
    setSessionId(answer.id);
    void queryClient.invalidateQueries({ queryKey: sessionsKey(kind) });
  };
  const perform = async (work: () => Promise<void>, onFailure?: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(toImportFailure(error));
      onFailure?.();
    } finally {
      setBusy(false);
    }
  };

  const handleUpload = (chosen: File, sheet?: string) =>
    perform(async () => {
      if (chosen.size > importLimits.maxBytes) throw new ApiError(413, 'fileTooLarge', { max: importLimits.maxBytes });
      const answer = await importApi.upload(kind, chosen, sheet);
      setFile(chosen);
      adopt(answer);
      setStep(answer.sheets.length > 1 ? 'upload' : 'map');
    });
  const handleResume = (resumed: ImportSession) => {
    adopt(resumed);
    setFile(null);
    setFailure(resumed.failure);
    setStep(stepOfStatus(resumed.status));
  };
  const handleValidate = (mapping: ImportMapping) =>
    perform(
      async () => {
        const id = sessionId!;
        setRun((count) => count + 1);
        adopt(await importApi.saveMapping(kind, id, mapping));
        setStep('validate');
        adopt(await importApi.validate(kind, id));
        setStep('report');
      },
      () => setStep('map'),
    );
  const handleCommit = (mode: ImportCommitMode) =>
    perform(
      async () => {
        setRun((count) => count + 1);
        const answer = await importApi.commit(kind, sessionId!, mode);
        adopt(answer);
        onCommitted?.(answer);
      },
      () => void queryClient.invalidateQueries({ queryKey: sessionKey(kind, sessionId!) }),
    );
  const startOver = () => {
    setSessionId(null);
    setFile(null);
    setFailure(null);
    setStep('upload');
  };
  const canGoTo = (target: ImportStep): boolean => {
    if (busy) return false;
    if (target === 'upload') return true;
    if (!session || target === 'validate') return false;
    if (target === 'map') return session.status !== 'COMMITTED' && session.status !== 'EXPIRED';
    return validated.includes(session.status);
  };

  if (description.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (description.isError) return <ImportErrorAlert failure={toImportFailure(description.error)} />;
  const columns = description.data.columns;

  const content = () => {
    if (step === 'upload')
      return (
        <UploadStep
          kind={kind}
          description={description.data}
          session={session}
          file={file}
          busy={busy}
          onUpload={(chosen, sheet) => void handleUpload(chosen, sheet)}
          onContinue={() => setStep('map')}
          onResume={handleResume}
        />
      );
    if (!session) return sessionQuery.isError ? null : <Spinner role="status" aria-label={t('common:loading')} />;
    switch (step) {
      case 'map':
        return (
          <MapStep
            key={session.id}
            columns={columns}
            session={session}
            busy={busy}
            onValidate={(mapping) => void handleValidate(mapping)}
            onBack={() => setStep('upload')}
          />
        );
      case 'validate':
        return (
          <div data-testid="import-validating">
            <p className="mb-0">{t('validate.running', { file: session.fileName })}</p>
            <ImportProgressBar progress={progress} phase="VALIDATE" />
          </div>
        );
      case 'report':
        return (
          <ReportStep
            key={`${session.id}:${run}`}
            columns={columns}
            session={session}
            onUploadAgain={startOver}
            onContinue={() => setStep('commit')}
          />
        );
      case 'commit':
        return (
          <CommitStep
            key={session.id}
            session={session}
            busy={busy}
            progress={progress}
            onCommit={(mode) => void handleCommit(mode)}
            onBack={() => setStep('report')}
            onNewImport={startOver}
          />
        );
    }
  };

  return (
    <div data-testid={`import-wizard-${kind}`}>
      {description.data.enabled ? null : <Alert variant="warning">{t('disabled')}</Alert>}
      <ImportStepper step={step} canGoTo={canGoTo} onGoTo={setStep} />
      <ImportErrorAlert failure={failure} onClose={() => setFailure(null)} />
      {sessionQuery.isError && sessionId ? <ImportErrorAlert failure={toImportFailure(sessionQuery.error)} /> : null}
      {content()}
    </div>
  );
}
