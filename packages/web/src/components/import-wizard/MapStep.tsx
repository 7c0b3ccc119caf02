import type { ImportColumn, ImportMapping, ImportSession } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useColumnLabel } from './column-label.js';

interface MapStepProps {
  columns: readonly ImportColumn[];
  session: ImportSession;
  busy: boolean;
  /** Saves the mapping and starts the dry run. */
  onValidate: (mapping: ImportMapping) => void;
  onBack: () => void;
}

/** The required columns without a file column. */
export function unmappedRequired(columns: readonly ImportColumn[], mapping: ImportMapping): ImportColumn[] {
  return columns.filter((column) => column.required && (mapping[column.name] ?? null) === null);
}

/**
 * Step 2: which column of the file holds each importer column. The server's automatic mapping
 * (by header, the user's remembered mapping first) is preselected; a required column without a
 * file column blocks the dry run.
 */
export function MapStep({ columns, session, busy, onValidate, onBack }: MapStepProps) {
  const { t } = useTranslation('importers');
  const label = useColumnLabel();
  const [mapping, setMapping] = useState<ImportMapping>(() =>
    Object.fromEntries(columns.map((column) => [column.name, session.mapping[column.name] ?? null])),
  );
  const missing = unmappedRequired(columns, mapping);

  const handleChange = (name: string, value: string) =>
    setMapping((current) => ({ ...current, [name]: value === '' ? null : Number(value) }));

  return (
    <div className="d-flex flex-column gap-3" data-testid="import-map">
      <p className="mb-0">{t('map.intro', { file: session.fileName, count: session.rowCount })}</p>
      <Table size="sm" responsive className="align-middle mb-0" data-testid="import-mapping">
        <thead>
          <tr>
            <th scope="col">{t('map.column')}</th>
            <th scope="col">{t('map.fileColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => {
            const id = `import-map-${column.name}`;
            const text = label(column.name);
            return (
              <tr key={column.name} data-testid={`import-map-row-${column.name}`}>
                <td>
                  <label htmlFor={id} className="fw-semibold">
                    {text}
                    {column.required ? (
                      <span className="text-danger ms-1" title={t('map.required')}>
                        *<span className="visually-hidden"> {t('map.required')}</span>
                      </span>
                    ) : null}
                  </label>
                  <div className="small text-body-secondary">{t(`type.${column.type}`)}</div>
                </td>
                <td>
                  <Form.Select
                    id={id}
                    size="sm"
                    className="import-mapping-select"
                    value={mapping[column.name] ?? ''}
                    isInvalid={column.required && (mapping[column.name] ?? null) === null}
                    onChange={(event) => handleChange(column.name, event.target.value)}
                    disabled={busy}
                  >
                    <option value="">{t('map.notInFile')}</option>
                    {session.headers.map((header, index) => (
                      <option key={index} value={index}>
                        {header || t('map.untitled', { number: index + 1 })}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-body-secondary mb-0">{t('map.requiredNote')}</p>
      {missing.length > 0 ? (
        <Alert variant="warning" className="mb-0" data-testid="import-map-missing">
          {t('map.missing', { columns: missing.map((column) => label(column.name)).join(', ') })}
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button onClick={() => onValidate(mapping)} disabled={busy || missing.length > 0} data-testid="import-validate">
          {t('map.validate')}
        </Button>
      </div>
    </div>
  );
}
