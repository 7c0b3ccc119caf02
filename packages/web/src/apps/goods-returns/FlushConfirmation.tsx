import type { GoodsReturn } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../../components/object-dialogs/modal-layer.js';

/** Flush asks first: what will be posted, and that lines without entries close with nothing returned. */
export function FlushConfirmation({
  goodsReturn,
  busy,
  onConfirm,
  onCancel,
}: {
  goodsReturn: GoodsReturn;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('goodsReturns');
  const layer = useNextModalLayer();
  const pending = goodsReturn.entries.filter((entry) => !entry.flushed).length;
  const empty = goodsReturn.lines.filter((line) => !line.flushed && line.returnedQuantity === 0).length;
  return (
    <Modal show onHide={onCancel} centered fullscreen="sm-down" {...layerProps(layer)} data-testid="flush-confirmation">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('flush.title', { code: goodsReturn.code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">{t('flush.entries', { count: pending })}</p>
        {empty > 0 ? <p className="mb-0 text-warning-emphasis">{t('flush.emptyLines', { count: empty })}</p> : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t('actions.back')}
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={busy} data-testid="flush-confirm">
          {busy ? <Spinner animation="border" size="sm" className="me-2" /> : null}
          {t('actions.flush')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
