import type { Spreadsheet } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { LibraryPicker } from './LibraryPicker.js';
import { SheetView } from './SheetView.js';
import { spreadsheetExtensions, spreadsheetsApi } from './spreadsheets-api.js';

/**
 * /spreadsheetviewer: an XLSX or CSV file, uploaded or from the file manager's library, read
 * only: a tab per sheet, each in the data table, exportable as shown to CSV.
 */
export function SpreadsheetViewerApp() {
  const { t } = useTranslation('spreadsheetViewer');
  const [spreadsheet, setSpreadsheet] = useState<Spreadsheet | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);

  const open = async (read: () => Promise<Spreadsheet>) => {
    setBusy(true);
    try {
      setSpreadsheet(await read());
      setActive(0);
    } catch (error) {
      // The HTTP client showed why.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const sheet = spreadsheet?.sheets[active];
  return (
    <Container fluid className="py-3 d-flex flex-column gap-3" data-testid="spreadsheet-viewer">
      <h1 className="visually-hidden">{t('apps:spreadsheetViewer')}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Form.Control
          type="file"
          accept={[...spreadsheetExtensions, 'text/csv'].join(',')}
          aria-label={t('upload')}
          style={{ maxWidth: '24rem' }}
          disabled={busy}
          data-testid="spreadsheet-upload"
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            const file = input.files?.[0];
            input.value = '';
            if (file) void open(() => spreadsheetsApi.read(file));
          }}
        />
        <Button variant="outline-secondary" onClick={() => setPicking(true)} disabled={busy}>
          <i className="bi bi-folder2-open me-1" aria-hidden="true" />
          {t('fromLibrary')}
        </Button>
        {busy ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
        {spreadsheet ? (
          <span className="ms-auto text-body-secondary text-truncate" data-testid="spreadsheet-file">
            {spreadsheet.fileName}
          </span>
        ) : null}
      </div>
      {spreadsheet === null && !busy ? <p className="text-body-secondary mb-0">{t('empty')}</p> : null}
      {spreadsheet?.truncated ? (
        <Alert variant="warning" className="mb-0" data-testid="spreadsheet-truncated">
          {t('truncated')}
        </Alert>
      ) : null}
      {spreadsheet && spreadsheet.sheets.length === 0 ? <p className="mb-0">{t('noSheets')}</p> : null}
      {spreadsheet && spreadsheet.sheets.length > 1 ? (
        <Nav variant="tabs" role="tablist" activeKey={String(active)} onSelect={(key) => setActive(Number(key ?? 0))}>
          {spreadsheet.sheets.map((candidate, index) => (
            <Nav.Item key={`${index}:${candidate.name}`}>
              <Nav.Link eventKey={String(index)} data-testid="spreadsheet-tab">
                {candidate.name}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      ) : null}
      {sheet ? <SheetView key={`${spreadsheet?.fileName}:${active}`} sheet={sheet} /> : null}
      {picking ? (
        <LibraryPicker
          onCancel={() => setPicking(false)}
          onPick={(path) => {
            setPicking(false);
            void open(() => spreadsheetsApi.library(path));
          }}
        />
      ) : null}
    </Container>
  );
}
