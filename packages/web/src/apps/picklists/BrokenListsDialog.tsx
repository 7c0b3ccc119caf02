import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { notify } from '../../platform/notifications.js';
import { shown } from './picklist-failure.js';
import { pickListApi, pickListQueries } from './picklists-api.js';

interface BrokenListsDialogProps {
  /** The generator may re-allocate. */
  mayReallocate: boolean;
  run: <T>(call: () => Promise<T>) => Promise<T | null>;
  onClose: () => void;
}

/**
 * Broken lists (GET broken): lines whose allocation no longer covers them (a count lowered the
 * stock), with what is missing where; the generator re-allocates a list's lines.
 */
export function BrokenListsDialog({ mayReallocate, run, onClose }: BrokenListsDialogProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const broken = useQuery(pickListQueries.broken());
  const lines = broken.data ?? [];
  const reallocate = async (code: string) => {
    const answer = await run(() => shown(() => pickListApi.reallocate(code)));
    if (answer) notify('success', 'picklists:reallocated', { code });
  };
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="picklist-broken-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('broken.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {broken.isPending ? <Spinner size="sm" role="status" aria-label={t('common:loading')} /> : null}
        {broken.isSuccess && lines.length === 0 ? <p className="text-body-secondary">{t('broken.none')}</p> : null}
        {lines.length > 0 ? (
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('column.code')}</th>
                <th>{t('lines.line')}</th>
                <th>{t('lines.item')}</th>
                <th className="text-end">{t('lines.open')}</th>
                <th className="text-end">{t('broken.allocated')}</th>
                <th>{t('broken.missing')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={`${line.code}#${line.lineNumber}`} data-testid="broken-line">
                  <td>{line.code}</td>
                  <td>{line.lineNumber}</td>
                  <td>{line.item}</td>
                  <td className="text-end">{formatQuantity(line.openQuantity)}</td>
                  <td className="text-end">{formatQuantity(line.allocatedQuantity)}</td>
                  <td>
                    {line.uncovered
                      .map(
                        (gap) => `${gap.location}${gap.batch ? ` ${gap.batch}` : ''}: ${formatQuantity(gap.missing)}`,
                      )
                      .join(', ')}
                  </td>
                  <td>
                    {mayReallocate && lines.findIndex((other) => other.code === line.code) === index ? (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => void reallocate(line.code)}
                        data-testid={`broken-reallocate-${line.code}`}
                      >
                        {t('actions.reallocate')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
