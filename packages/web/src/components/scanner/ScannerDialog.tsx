import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/** A question from a scanned command: a yes/no confirmation or a text prompt. */
export type ScannerQuestion =
  | { kind: 'confirm'; message: string; resolve: (answer: boolean) => void }
  | { kind: 'prompt'; message: string; defaultValue: string; resolve: (answer: string | null) => void };

/** Shows one ScannerQuestion; cancelling answers false or null. */
export function ScannerDialog({ question }: { question: ScannerQuestion | null }) {
  const { t } = useTranslation('components');
  const [value, setValue] = useState('');
  useEffect(() => {
    if (question?.kind === 'prompt') setValue(question.defaultValue);
  }, [question]);

  const cancel = () => {
    if (question?.kind === 'confirm') question.resolve(false);
    else question?.resolve(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (question?.kind === 'confirm') question.resolve(true);
    else question?.resolve(value);
  };

  return (
    <Modal show={question !== null} onHide={cancel} centered data-testid="scanner-dialog">
      <Form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common:close')}>
          <Modal.Title as="h2" className="h5">
            {question?.kind === 'prompt' ? t('scanner.promptTitle') : t('common:areYouSure')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-break">
          {question?.kind === 'prompt' ? (
            <Form.Group controlId="scanner-prompt">
              <Form.Label>{question.message}</Form.Label>
              <Form.Control
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoFocus
                data-testid="scanner-prompt-input"
              />
            </Form.Group>
          ) : (
            question?.message
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={cancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" data-testid="scanner-dialog-ok">
            {question?.kind === 'prompt' ? t('common:ok') : t('common:yes')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
