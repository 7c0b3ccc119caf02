import type { WorkTimeEntry } from '@wms/contract';
import { useEffect, useState } from 'react';
import { Button, Card, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../object-dialogs/format.js';
import { formatElapsed } from './elapsed.js';

/** The current time, updated every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface Props {
  /** The running entries (no end time) the screen shows. */
  running: readonly WorkTimeEntry[];
  showUser: boolean;
  busy: boolean;
  onStop: (entry: WorkTimeEntry) => void;
  onClose: () => void;
}

/**
 * The full-screen time measurements modal: one card per running entry with
 * a live elapsed clock and a big Stop button for a handheld.
 */
export function TimeMeasurementsModal({ running, showUser, busy, onStop, onClose }: Props) {
  const { t } = useTranslation('production');
  const now = useNow();
  return (
    <Modal show fullscreen onHide={onClose} data-testid="time-measurements">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title>{t('timers.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {running.length === 0 ? (
          <p className="text-body-secondary fs-5" data-testid="no-timers">
            {t('timers.none')}
          </p>
        ) : (
          <div className="d-flex flex-column gap-3">
            {running.map((entry) => (
              <Card key={entry.id} data-testid="timer-card" data-entry-id={entry.id}>
                <Card.Body className="d-flex flex-column flex-md-row align-items-md-center gap-3">
                  <div className="flex-grow-1">
                    <div className="fs-5 fw-semibold">
                      {entry.workOrderVisualCode} · {entry.stepNumber} {entry.workOrderStep}
                    </div>
                    <div className="text-body-secondary">
                      {[entry.workCenter, t(`type.${entry.workTimeType}`), showUser ? entry.user : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                    <div className="text-body-secondary small">
                      {t('timers.since', { start: formatDateTime(entry.startTime) })}
                    </div>
                  </div>
                  <div className="display-5 font-monospace text-md-end" data-testid="timer-elapsed">
                    {formatElapsed(entry.startTime, now)}
                  </div>
                  <Button
                    variant="danger"
                    size="lg"
                    className="px-5 py-3 fs-4"
                    disabled={busy}
                    onClick={() => onStop(entry)}
                    data-testid="timer-stop"
                  >
                    <i className="bi bi-stop-circle me-2" aria-hidden="true" />
                    {t('stop')}
                  </Button>
                </Card.Body>
              </Card>
            ))}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
