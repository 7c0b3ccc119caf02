import { useQuery } from '@tanstack/react-query';
import type { PickList, PickListEditRequest } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { notify } from '../../platform/notifications.js';
import { shown } from './picklist-failure.js';
import { pickListApi, pickListQueries } from './picklists-api.js';

interface EditPicklistDialogProps {
  code: string;
  run: <T>(call: () => Promise<T>) => Promise<T | null>;
  onClose: () => void;
}

/** The edit of what was read: only changed fields are sent, with the version read (412 when stale). */
export function editRequestOf(list: PickList, priority: string, shipDate: string, quantities: Record<number, string>) {
  const body: PickListEditRequest = { code: list.code, version: list.version };
  if (/^\d+$/.test(priority.trim()) && Number(priority) !== list.priority) body.priority = Number(priority);
  if (shipDate !== (list.shipDate ?? '')) body.shipDate = shipDate === '' ? null : shipDate;
  const changed = list.lines
    .filter((line) => quantities[line.lineNumber] !== undefined && quantities[line.lineNumber]!.trim() !== '')
    .map((line) => ({ lineNumber: line.lineNumber, quantity: Number(quantities[line.lineNumber]), was: line.quantity }))
    .filter((line) => Number.isFinite(line.quantity) && line.quantity !== line.was)
    .map(({ lineNumber, quantity }) => ({ lineNumber, quantity }));
  if (changed.length > 0) body.lines = changed;
  return body;
}

/** Edit a list (picklistGenerator): priority, ship date, line quantities (never below picked). */
export function EditPicklistDialog({ code, run, onClose }: EditPicklistDialogProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const detail = useQuery({ ...pickListQueries.detail(code), staleTime: Infinity });
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="picklist-edit-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('edit.title', { code })}</Modal.Title>
      </Modal.Header>
      {detail.data ? (
        <EditForm list={detail.data} run={run} onClose={onClose} />
      ) : (
        <Modal.Body>
          <Spinner size="sm" role="status" aria-label={t('common:loading')} />
        </Modal.Body>
      )}
    </Modal>
  );
}

function EditForm({
  list,
  run,
  onClose,
}: {
  list: PickList;
  run: EditPicklistDialogProps['run'];
  onClose: () => void;
}) {
  const { t } = useTranslation(['picklists', 'common']);
  const [priority, setPriority] = useState(String(list.priority));
  const [shipDate, setShipDate] = useState(list.shipDate ?? '');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const handleSave = async () => {
    const saved = await run(() => shown(() => pickListApi.edit(editRequestOf(list, priority, shipDate, quantities))));
    if (!saved) return;
    notify('success', 'picklists:edited', { code: list.code });
    onClose();
  };
  return (
    <>
      <Modal.Body>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Form.Group>
            <Form.Label>{t('column.priority')}</Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={1000}
              value={priority}
              onChange={(event) => setPriority(event.target.value)}
              data-testid="edit-priority"
            />
          </Form.Group>
          <Form.Group>
            <Form.Label>{t('column.shipDate')}</Form.Label>
            <Form.Control
              type="date"
              value={shipDate}
              onChange={(event) => setShipDate(event.target.value)}
              data-testid="edit-ship-date"
            />
          </Form.Group>
        </div>
        <Table size="sm" responsive>
          <thead>
            <tr>
              <th>{t('lines.line')}</th>
              <th>{t('lines.item')}</th>
              <th className="text-end">{t('lines.picked')}</th>
              <th className="text-end">{t('lines.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {list.lines.map((line) => (
              <tr key={line.lineNumber}>
                <td>{line.lineNumber}</td>
                <td>{`${line.item} ${line.itemName}`}</td>
                <td className="text-end">{formatQuantity(line.pickedQuantity)}</td>
                <td className="text-end" style={{ width: '8rem' }}>
                  <Form.Control
                    size="sm"
                    type="number"
                    min={line.pickedQuantity}
                    max={line.quantity}
                    value={quantities[line.lineNumber] ?? String(line.quantity)}
                    onChange={(event) => setQuantities((old) => ({ ...old, [line.lineNumber]: event.target.value }))}
                    aria-label={t('edit.quantityOf', { line: line.lineNumber })}
                    data-testid={`edit-quantity-${line.lineNumber}`}
                  />
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
        <Button size="lg" onClick={() => void handleSave()} data-testid="edit-save">
          {t('common:save')}
        </Button>
      </Modal.Footer>
    </>
  );
}
