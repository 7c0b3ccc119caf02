import { useQuery } from '@tanstack/react-query';
import { shortReasons, type PickListSummary, type ShortReason } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { pickListQueries } from './picklists-api.js';

interface FlushReasonsDialogProps {
  list: PickListSummary;
  /** The lines the server named (null: every line that flush leaves short without a reason). */
  lines: number[] | null;
  onFlush: (reasons: { lineNumber: number; reason: ShortReason }[]) => void;
  onClose: () => void;
}

/** Flush answered shortReasonRequired: a reason for each line it leaves short, then flush again. */
export function FlushReasonsDialog({ list, lines, onFlush, onClose }: FlushReasonsDialogProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const rows = useQuery(pickListQueries.rows(list.code));
  const [reasons, setReasons] = useState<Record<number, ShortReason>>({});
  const shortLines = (rows.data ?? []).filter((line) =>
    lines ? lines.includes(line.lineNumber) : line.openQuantity > 0 || (line.shortQuantity > 0 && !line.shortReason),
  );
  const complete = shortLines.length > 0 && shortLines.every((line) => reasons[line.lineNumber]);
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="picklist-flush-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('flush.title', { code: list.code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('flush.question')}</p>
        {rows.isPending ? <Spinner size="sm" role="status" aria-label={t('common:loading')} /> : null}
        <Table size="sm" responsive>
          <thead>
            <tr>
              <th>{t('lines.line')}</th>
              <th>{t('lines.item')}</th>
              <th className="text-end">{t('lines.open')}</th>
              <th>{t('flush.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {shortLines.map((line) => (
              <tr key={line.lineNumber}>
                <td>{line.lineNumber}</td>
                <td>{`${line.item} ${line.itemName}`}</td>
                <td className="text-end">{formatQuantity(line.openQuantity || line.shortQuantity)}</td>
                <td>
                  <Form.Select
                    size="sm"
                    value={reasons[line.lineNumber] ?? ''}
                    onChange={(event) =>
                      setReasons((old) => ({ ...old, [line.lineNumber]: event.target.value as ShortReason }))
                    }
                    aria-label={t('flush.reasonOf', { line: line.lineNumber })}
                    data-testid={`flush-reason-${line.lineNumber}`}
                  >
                    <option value="" disabled>
                      {t('flush.choose')}
                    </option>
                    {shortReasons.map((reason) => (
                      <option key={reason} value={reason}>
                        {t(`shortReason.${reason}`)}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          size="lg"
          variant="success"
          disabled={!complete}
          onClick={() =>
            onFlush(shortLines.map((line) => ({ lineNumber: line.lineNumber, reason: reasons[line.lineNumber]! })))
          }
          data-testid="flush-submit"
        >
          {t('actions.flush')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
