import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { countingListQueries } from './counting-list-creator-api.js';

interface Props {
  list: string | null;
  busy: boolean;
  onHide: () => void;
  /** Flushes with these locations left out (not posted; flagged for counting again). */
  onFlush: (list: string, exclude: string[]) => void;
}

/**
 * A manager's flush (countingListCreatorAuthFlush): the locations not agreed yet are listed, and
 * each must be excluded for the flush to pass (the server refuses countingListIncomplete otherwise).
 */
export function FlushDialog({ list, busy, onHide, onFlush }: Props) {
  const { t } = useTranslation('countingListCreator');
  const errorText = useErrorText();
  const [exclude, setExclude] = useState<string[]>([]);
  useEffect(() => setExclude([]), [list]);
  const progress = useQuery({ ...countingListQueries.progress(list ?? ''), enabled: list !== null });
  const open = (progress.data?.locations ?? []).filter((location) => location.state !== 'AGREED');
  return (
    <Modal show={list !== null} onHide={onHide} data-testid="cl-flush-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('flush.title', { list: list ?? '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {progress.isError ? <Alert variant="danger">{errorText(progress.error)}</Alert> : null}
        {progress.isSuccess && open.length === 0 ? (
          <p data-testid="cl-flush-all-agreed">{t('flush.allAgreed')}</p>
        ) : null}
        {open.length > 0 ? (
          <>
            <p className="small">{t('flush.notAgreed')}</p>
            {open.map((location) => (
              <Form.Check
                key={location.code}
                id={`cl-exclude-${location.code}`}
                label={`${location.visualCode} · ${t(`state.${location.state}`)}`}
                checked={exclude.includes(location.code)}
                onChange={(event) =>
                  setExclude(
                    event.target.checked
                      ? [...exclude, location.code]
                      : exclude.filter((code) => code !== location.code),
                  )
                }
                data-testid={`cl-exclude-${location.code}`}
              />
            ))}
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('close')}
        </Button>
        <Button
          disabled={busy || !progress.isSuccess}
          onClick={() => list && onFlush(list, exclude)}
          data-testid="cl-flush-confirm"
        >
          {t('flush.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
