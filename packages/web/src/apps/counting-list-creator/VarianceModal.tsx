import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { countingListQueries } from './counting-list-creator-api.js';

interface Props {
  list: string | null;
  onHide: () => void;
  onDownload: (list: string) => void;
}

const amount = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The variance report of a list: per item counted, system, difference and value, and the total; XLSX download. */
export function VarianceModal({ list, onHide, onDownload }: Props) {
  const { t } = useTranslation('countingListCreator');
  const errorText = useErrorText();
  const report = useQuery({ ...countingListQueries.variance(list ?? ''), enabled: list !== null });
  return (
    <Modal show={list !== null} onHide={onHide} size="lg" data-testid="cl-variance">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('variance.title', { list: list ?? '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {report.isError ? <Alert variant="danger">{errorText(report.error)}</Alert> : null}
        {report.data ? (
          <>
            <p className="small text-body-secondary">{t(report.data.posted ? 'variance.posted' : 'variance.open')}</p>
            <Table size="sm" data-testid="cl-variance-table">
              <thead>
                <tr>
                  <th>{t('variance.item')}</th>
                  <th className="text-end">{t('variance.counted')}</th>
                  <th className="text-end">{t('variance.system')}</th>
                  <th className="text-end">{t('variance.difference')}</th>
                  <th className="text-end">{t('variance.value')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.item}>
                    <td>
                      <span className="fw-bold">{row.item}</span> {row.name}
                    </td>
                    <td className="text-end">{row.counted}</td>
                    <td className="text-end">{row.system}</td>
                    <td className="text-end">{row.difference}</td>
                    <td className="text-end">{amount(row.value)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th colSpan={4}>{t('variance.total')}</th>
                  <th className="text-end" data-testid="cl-variance-total">
                    {amount(report.data.totalValue)}
                  </th>
                </tr>
              </tfoot>
            </Table>
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={() => list && onDownload(list)} data-testid="cl-variance-xlsx">
          {t('variance.download')}
        </Button>
        <Button variant="secondary" onClick={onHide}>
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
