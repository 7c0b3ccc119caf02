import type { GoodsReceipt, ReceiptFinishAnswer } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { layerProps, useNextModalLayer } from '../../components/object-dialogs/modal-layer.js';
import { usePrinterChoice } from '../../components/printer-choice/usePrinterChoice.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { receiptApi } from './receipt-api.js';

/**
 * Finish: a confirmation listing the lines left open (they stay open on the source as a
 * backorder), then POST finish (its Idempotency-Key kept by the caller's keeper while the answer
 * is unknown).
 */
export function FinishConfirmation({
  receipt,
  busy,
  onConfirm,
  onCancel,
}: {
  receipt: GoodsReceipt;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('goodsReceipt');
  const layer = useNextModalLayer();
  const open = receipt.lines.filter((line) => line.open > 0);
  return (
    <Modal
      show
      onHide={onCancel}
      centered
      fullscreen="sm-down"
      {...layerProps(layer)}
      data-testid="finish-confirmation"
    >
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('finish.title', { receipt: receipt.code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {open.length === 0 ? (
          <p className="mb-0">{t('finish.allReceived', { source: receipt.source.code })}</p>
        ) : (
          <>
            <p>{t('finish.openLines', { count: open.length, source: receipt.source.code })}</p>
            <ListGroup data-testid="finish-open-lines">
              {open.map((line) => (
                <ListGroup.Item key={line.line} className="py-1">
                  {formatQuantity(line.open)} {line.units ?? ''} × {line.item}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button variant="success" size="lg" onClick={onConfirm} disabled={busy} data-testid="finish-confirm">
          {busy ? <Spinner size="sm" className="me-2" /> : null}
          {t('finish.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** After finish: what was posted, the lines left open and the QC requests; labels; back to the list. */
export function FinishSummary({ answer, onClose }: { answer: ReceiptFinishAnswer; onClose: () => void }) {
  const { t } = useTranslation('goodsReceipt');
  const layer = useNextModalLayer();
  const { config } = useDeviceConfig();
  const { choosePrinter, dialog } = usePrinterChoice();
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    const printer = await choosePrinter(config.defaultItemLabelPrinter);
    if (printer < 0) return;
    setPrinting(true);
    try {
      const printed = await receiptApi.printLabels(printer, answer);
      notify('success', 'goodsReceipt:finish.printed', { count: printed.printed, printer: printed.printer });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered fullscreen="sm-down" {...layerProps(layer)} data-testid="finish-summary">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('summary.title', { receipt: answer.receipt })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <h3 className="h6">{t('summary.received', { count: answer.received.length })}</h3>
        <ListGroup className="mb-3" data-testid="summary-received">
          {answer.received.map((row, index) => (
            <ListGroup.Item key={index} className="py-1">
              {formatQuantity(row.quantity)} × {row.item}
              <span className="small text-body-secondary">
                {' '}
                {[row.batch, row.serial, row.location, row.qcPending ? t('summary.qcPending') : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
        {answer.openLines.length > 0 ? (
          <p data-testid="summary-open">
            {t('summary.open', {
              source: answer.source,
              lines: answer.openLines.map((line) => `${formatQuantity(line.open)} × ${line.item}`).join(', '),
            })}
          </p>
        ) : null}
        {answer.qcRequests.length > 0 ? (
          <p data-testid="summary-qc">{t('summary.qcRequests', { requests: answer.qcRequests.join(', ') })}</p>
        ) : null}
      </Modal.Body>
      <Modal.Footer className="d-grid gap-2">
        {answer.received.length > 0 ? (
          <Button
            variant="outline-primary"
            size="lg"
            onClick={() => void print()}
            disabled={printing}
            data-testid="print-labels"
          >
            <i className="bi bi-printer me-2" aria-hidden="true" />
            {t('summary.printLabels', { count: answer.received.length })}
          </Button>
        ) : null}
        <Button size="lg" onClick={onClose} data-testid="summary-close">
          {t('summary.backToList')}
        </Button>
      </Modal.Footer>
      {dialog}
    </Modal>
  );
}
