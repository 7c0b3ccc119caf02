import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { SheetEntry } from './sheet.js';

/** The barcodes collected for the sheet, in print order, each with its caption and content. */
export function SheetTable({ entries, onRemove }: { entries: readonly SheetEntry[]; onRemove: (id: number) => void }) {
  const { t } = useTranslation('actionBarcodes');
  if (entries.length === 0) return <p className="text-body-secondary mb-0">{t('sheet.empty')}</p>;
  return (
    <Table size="sm" responsive className="mb-0 align-middle" data-testid="action-barcode-sheet">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('sheet.caption')}</th>
          <th scope="col">{t('sheet.content')}</th>
          <th scope="col">{t('sheet.symbology')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('sheet.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={entry.id} data-content={entry.content}>
            <td>{index + 1}</td>
            <td>{entry.caption}</td>
            <td className="font-monospace small text-break" style={{ maxWidth: '24rem' }}>
              {entry.content.length > 120 ? `${entry.content.slice(0, 120)}…` : entry.content}
            </td>
            <td>{t(`symbology.${entry.symbology}`)}</td>
            <td className="text-end">
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => onRemove(entry.id)}
                aria-label={t('sheet.removeOne', { caption: entry.caption })}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
