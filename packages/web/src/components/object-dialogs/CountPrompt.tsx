import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { parseLabelCount } from './format.js';
import { layerProps, useNextModalLayer } from './modal-layer.js';

interface CountPromptProps {
  show: boolean;
  title: string;
  /** Called with the count; 0 or empty input prints nothing, so it is not called then. */
  onCount: (count: number) => void;
  onCancel: () => void;
}

/** Asks how many labels to print (an integer; default 1). */
export function CountPrompt({ show, title, onCount, onCancel }: CountPromptProps) {
  const { t } = useTranslation('objects');
  const layer = useNextModalLayer();
  const [text, setText] = useState('1');
  useEffect(() => {
    if (show) setText('1');
  }, [show]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = parseLabelCount(text);
    if (count > 0) onCount(count);
    else onCancel();
  };

  return (
    <Modal show={show} onHide={onCancel} centered {...layerProps(layer)} data-testid="count-prompt">
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title className="h5">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="wms-label-count">
            <Form.Label>{t('labelCount')}</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              size="lg"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoFocus
              data-testid="label-count"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" size="lg" data-testid="print">
            {t('print')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
