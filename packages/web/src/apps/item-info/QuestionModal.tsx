import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChooseOptions, ConfirmOptions, PromptOptions } from './useQuestions.js';

export type Question =
  | ({ kind: 'prompt'; resolve: (answer: string | null) => void } & PromptOptions)
  | ({ kind: 'confirm'; resolve: (answer: boolean) => void } & ConfirmOptions)
  | ({ kind: 'choose'; resolve: (answer: string | null) => void } & ChooseOptions);

/** A prompt, a confirmation or a choice, with big touch targets. */
export function QuestionModal({ question, onCancel }: { question: Question | null; onCancel: () => void }) {
  const { t } = useTranslation('common');
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (question?.kind === 'prompt') setValue(question.defaultValue ?? '');
  }, [question]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (question?.kind === 'prompt') question.resolve(value);
    if (question?.kind === 'confirm') question.resolve(true);
  };

  return (
    <Modal
      show={question !== null}
      onHide={onCancel}
      centered
      onEntered={() => inputRef.current?.select()}
      data-testid="question-modal"
    >
      {question && (
        <Form onSubmit={handleSubmit}>
          <Modal.Header closeButton>
            <Modal.Title className="h5">{question.kind === 'prompt' ? question.title : t('areYouSure')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {question.kind === 'prompt' && (
              <Form.Group controlId="item-question-input">
                <Form.Label>{question.label}</Form.Label>
                <Form.Control
                  ref={inputRef}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  inputMode={question.inputMode ?? 'text'}
                  autoComplete="off"
                  autoFocus
                  size="lg"
                  data-testid="question-input"
                />
              </Form.Group>
            )}
            {question.kind === 'confirm' && <p className="mb-0">{question.message}</p>}
            {question.kind === 'choose' && (
              <>
                <p>{question.message}</p>
                <div className="d-grid gap-2">
                  {question.options.map((option, index) => (
                    <Button
                      key={option.value}
                      variant="outline-primary"
                      size="lg"
                      className="text-break"
                      onClick={() => question.resolve(option.value)}
                      data-testid={`question-option-${index}`}
                    >
                      {option.label}
                    </Button>
                  ))}
                </div>
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" size="lg" onClick={onCancel} data-testid="question-cancel">
              {t('cancel')}
            </Button>
            {question.kind !== 'choose' && (
              <Button
                type="submit"
                size="lg"
                variant={question.kind === 'confirm' ? 'danger' : 'primary'}
                data-testid="question-ok"
              >
                {question.kind === 'confirm' ? question.confirmLabel : t('ok')}
              </Button>
            )}
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
