import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsReceipt } from '@wms/contract';
import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { PictureBox } from '../../components/capture/PictureBox.js';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { receiptApi, receiptQueries } from './receipt-api.js';

interface ReceiptMenuProps {
  receipt: GoodsReceipt;
  /** The receipt as an answer returned it. */
  onReceipt: (receipt: GoodsReceipt) => void;
  /** Back to the list (after a delete, or asked). */
  onLeave: () => void;
}

/** Calls a button's action; a failure was already shown by the HTTP client. */
async function shown(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * The receipt's less frequent actions: a photo of the delivery note or damage (the picture box,
 * stored as an attachment of the GOODS_RECEIPT), resync with the source, delete the receipt (it
 * asks first), back to the list.
 */
export function ReceiptMenu({ receipt, onReceipt, onLeave }: ReceiptMenuProps) {
  const { t } = useTranslation('goodsReceipt');
  const queryClient = useQueryClient();
  const attachments = useQuery(receiptQueries.attachments(receipt.code));
  const [photo, setPhoto] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const count = attachments.data?.length ?? 0;

  const resync = () =>
    shown(async () => {
      const answer = await receiptApi.resync(receipt.code);
      onReceipt(answer.receipt);
      notify('success', 'goodsReceipt:resynced', { source: receipt.source.code });
    });
  const remove = () =>
    shown(async () => {
      setDeleting(false);
      await receiptApi.remove(receipt.code);
      notify('success', 'goodsReceipt:deleted', { receipt: receipt.code });
      onLeave();
    });

  return (
    <>
      <Dropdown drop="up" align="end" className="d-flex" onMouseDown={keepScannerFocus}>
        <Dropdown.Toggle variant="outline-secondary" size="lg" className="flex-grow-1" data-testid="receipt-menu">
          {t('actions.more')}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item onClick={() => setPhoto(true)} data-testid="receipt-photo">
            <i className="bi bi-camera me-2" aria-hidden="true" />
            {t('actions.photo', { count })}
          </Dropdown.Item>
          <Dropdown.Item onClick={() => void resync()} data-testid="receipt-resync">
            <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
            {t('actions.resync')}
          </Dropdown.Item>
          <Dropdown.Item onClick={() => setDeleting(true)} data-testid="receipt-delete">
            <i className="bi bi-trash me-2" aria-hidden="true" />
            {t('actions.delete')}
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Item onClick={onLeave} data-testid="receipt-leave">
            <i className="bi bi-list-ul me-2" aria-hidden="true" />
            {t('actions.backToList')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <PictureBox
        show={photo}
        onHide={() => setPhoto(false)}
        onAttachment={async (attachment) => {
          await receiptApi.attach(receipt.code, attachment);
          notify('success', 'goodsReceipt:photoAttached', { receipt: receipt.code });
          await queryClient.invalidateQueries({ queryKey: receiptQueries.attachments(receipt.code).queryKey });
        }}
      />
      <ConfirmDialog
        show={deleting}
        message={t('deleteQuestion', { receipt: receipt.code, count: receipt.entries.length })}
        confirmLabel={t('actions.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
