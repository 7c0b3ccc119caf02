import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface Question {
  locations: string[];
  resolve: (answer: boolean) => void;
}

/**
 * The QC lock question: the targets that receive QC-pending stock will be
 * blocked for stock movements; the user confirms ('theFollowingLocationsWillBeBlockedDueToQC')
 * or cancels the transfer. `ask` resolves when the user answers, so a workflow step can await it.
 */
export function useQcConfirmation(): { ask: (locations: string[]) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation(['handheld', 'stockTransfer', 'common']);
  const [question, setQuestion] = useState<Question | null>(null);
  const current = useRef<Question | null>(null);

  const ask = useCallback(
    (locations: string[]) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = { locations, resolve };
        current.current = next;
        setQuestion(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    const open = current.current;
    current.current = null;
    setQuestion(null);
    open?.resolve(value);
  };

  const dialog = (
    <Modal show={question !== null} onHide={() => answer(false)} centered data-testid="qc-block-confirm">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('stockTransfer:qcBlockTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('handheld:theFollowingLocationsWillBeBlockedDueToQC', { locations: question?.locations.join(', ') })}</p>
        <ul className="mb-0" data-testid="qc-block-locations">
          {question?.locations.map((code) => (
            <li key={code} className="fw-semibold">
              {code}
            </li>
          ))}
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={() => answer(false)} data-testid="qc-block-cancel">
          {t('common:cancel')}
        </Button>
        <Button variant="warning" size="lg" onClick={() => answer(true)} data-testid="qc-block-confirm-button">
          {t('stockTransfer:qcBlockConfirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
  return { ask, dialog };
}

/**
 * The QC question as the options of the transfer steps (built once): `confirmQc` asks through the
 * dialog, `qcReason` reads the block reason in the current language.
 */
export function useQcStepOptions(): {
  confirmQc: (locations: string[]) => Promise<boolean>;
  qcReason: () => string;
  dialog: ReactNode;
} {
  const { t } = useTranslation('stockTransfer');
  const { ask, dialog } = useQcConfirmation();
  const reason = useRef('');
  reason.current = t('qcBlockReason');
  const qcReason = useCallback(() => reason.current, []);
  return { confirmQc: ask, qcReason, dialog };
}
