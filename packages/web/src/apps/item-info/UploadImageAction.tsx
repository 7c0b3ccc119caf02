import { useQueryClient } from '@tanstack/react-query';
import { itemImageExtensions, type Item } from '@wms/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { uploadItemImage } from './item-actions-api.js';
import { ItemImage } from './ItemImage.js';
import { itemQueries } from './queries.js';

const accept = itemImageExtensions.map((extension) => `.${extension}`).join(',');

/** Upload a new item image (png, jpg, jpeg or gif; the server checks type and size) and show it. */
export function UploadImageAction({ item }: { item: Item }) {
  const { t } = useTranslation('itemInfo');
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await uploadItemImage(item.code, file);
      notify('success', 'itemInfo:actions.image.uploaded');
      await queryClient.invalidateQueries({ queryKey: itemQueries.detail(item.code).queryKey, exact: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <>
      <div className="mb-2" style={{ maxWidth: 240 }}>
        <ItemImage item={item} />
      </div>
      <Form.Group controlId="item-image-file">
        <Form.Label>{t('actions.image.choose')}</Form.Label>
        <div className="d-flex align-items-center gap-2">
          <Form.Control
            ref={inputRef}
            type="file"
            accept={accept}
            disabled={busy}
            onChange={(event: ChangeEvent<HTMLInputElement>) => void handleChange(event)}
            data-testid="item-image-file"
          />
          {busy && <Spinner size="sm" role="status" aria-label={t('common:loading')} />}
        </div>
      </Form.Group>
    </>
  );
}
