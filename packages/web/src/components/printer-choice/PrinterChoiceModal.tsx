import type { AvailablePrinter } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../object-dialogs/modal-layer.js';

interface Props {
  printers: AvailablePrinter[];
  onChoose: (printerId: number, remember: boolean) => void;
  onCancel: () => void;
}

/** Asks which of the server's printers to print on; 'remember' keeps the choice until reload. */
export function PrinterChoiceModal({ printers, onChoose, onCancel }: Props) {
  const { t } = useTranslation('prompts');
  const layer = useNextModalLayer();
  const [printerId, setPrinterId] = useState(printers[0]?.id ?? 0);
  const [remember, setRemember] = useState(true);
  return (
    <Modal show onHide={onCancel} centered {...layerProps(layer)} data-testid="printer-choice">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(printerId, remember);
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('printerChoice.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="printer-choice-select">
            <Form.Label>{t('printerChoice.printer')}</Form.Label>
            <Form.Select size="lg" value={printerId} onChange={(event) => setPrinterId(Number(event.target.value))}>
              {printers.map((printer) => (
                <option key={printer.id} value={printer.id}>
                  {printer.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Check
            type="switch"
            id="printer-choice-remember"
            label={t('printerChoice.remember')}
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel} data-testid="printer-choice-cancel">
            {t('cancel')}
          </Button>
          <Button type="submit" size="lg" data-testid="printer-choice-ok">
            {t('printerChoice.print')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
