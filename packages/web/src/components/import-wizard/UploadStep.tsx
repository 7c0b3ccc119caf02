import { importLimits, type ImportKind, type ImportSession, type ImporterDescription } from '@wms/contract';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { importApi } from './import-api.js';
import { RecentSessions } from './RecentSessions.js';

interface UploadStepProps {
  kind: ImportKind;
  description: ImporterDescription;
  /** The session of the file just uploaded (its sheet can still be changed), or null. */
  session: ImportSession | null;
  /** The file of that session, kept to upload it again with another sheet. */
  file: File | null;
  busy: boolean;
  onUpload: (file: File, sheet?: string) => void;
  onContinue: () => void;
  onResume: (session: ImportSession) => void;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Step 1: choose or drop an XLSX or CSV file, pick its sheet, or resume an earlier import. */
export function UploadStep({
  kind,
  description,
  session,
  file,
  busy,
  onUpload,
  onContinue,
  onResume,
}: UploadStepProps) {
  const { t } = useTranslation('importers');
  const [over, setOver] = useState(false);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) onUpload(chosen);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) onUpload(dropped);
  };
  const several = session !== null && session.sheets.length > 1;

  return (
    <div className="d-flex flex-column gap-3" data-testid="import-upload">
      <div
        className={`import-drop-zone ${over ? 'import-drop-zone-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={handleDrop}
        data-testid="import-drop-zone"
      >
        <i className="bi bi-file-earmark-spreadsheet fs-2 d-block mb-2" aria-hidden="true" />
        <p className="mb-2">{t('upload.drop')}</p>
        <Form.Control
          id={`import-file-${kind}`}
          type="file"
          accept=".xlsx,.csv"
          className="visually-hidden"
          disabled={busy || !description.enabled}
          onChange={handleChange}
          aria-label={t('upload.fileLabel')}
          data-testid="import-file"
        />
        <Form.Label
          htmlFor={`import-file-${kind}`}
          className={`btn btn-primary mb-2 ${busy || !description.enabled ? 'disabled' : ''}`}
        >
          {t('upload.choose')}
        </Form.Label>
        {busy ? <Spinner size="sm" className="ms-2" role="status" aria-label={t('upload.reading')} /> : null}
        <p className="small text-body-secondary mb-0" data-testid="import-limits">
          {t('upload.limits', { megabytes: megabytes(importLimits.maxBytes), rows: description.maxRows })}
        </p>
      </div>
      <div>
        <a href={importApi.templateUrl(kind)} download data-testid="import-template">
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('upload.template')}
        </a>
      </div>
      {session ? (
        <div className="d-flex flex-wrap align-items-end gap-2" data-testid="import-uploaded">
          <div className="flex-grow-1">
            <div className="fw-semibold text-break">{session.fileName}</div>
            <div className="small text-body-secondary">{t('upload.read', { count: session.rowCount })}</div>
          </div>
          {several ? (
            <Form.Group controlId={`import-sheet-${kind}`}>
              <Form.Label className="small mb-1">{t('upload.sheet')}</Form.Label>
              <Form.Select
                size="sm"
                value={session.sheet ?? session.sheets[0]}
                disabled={busy || !file}
                onChange={(event) => file && onUpload(file, event.target.value)}
                data-testid="import-sheet"
              >
                {session.sheets.map((sheet) => (
                  <option key={sheet} value={sheet}>
                    {sheet}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : null}
          <Button onClick={onContinue} disabled={busy} data-testid="import-continue">
            {t('upload.continue')}
          </Button>
        </div>
      ) : null}
      <RecentSessions kind={kind} onResume={onResume} />
    </div>
  );
}
