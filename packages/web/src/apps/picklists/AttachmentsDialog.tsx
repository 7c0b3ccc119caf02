import { useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentExtensions, type PickListSummary } from '@wms/contract';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { notify } from '../../platform/notifications.js';
import { shown } from './picklist-failure.js';
import { pickListApi, pickListQueries } from './picklists-api.js';

interface AttachmentsDialogProps {
  list: PickListSummary;
  /** May add and remove (the roles of documentAttachmentRoles.PICK_LIST; the server checks). */
  mayWrite: boolean;
  onClose: () => void;
}

/** A pick list's attachments (the generic document attachments of PICK_LIST): open, add, remove. */
export function AttachmentsDialog({ list, mayWrite, onClose }: AttachmentsDialogProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const queryClient = useQueryClient();
  const query = pickListQueries.attachments(list.code);
  const attachments = useQuery(query);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const added = await shown(() => pickListApi.attach(list.code, file));
    setBusy(false);
    if (input.current) input.current.value = '';
    if (added) notify('success', 'picklists:attached', { name: added.name, code: list.code });
    await refresh();
  };
  const handleRemove = async (id: number) => {
    await shown(() => pickListApi.removeAttachment(list.code, id));
    await refresh();
  };
  return (
    <Modal show onHide={onClose} centered data-testid="picklist-attachments-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('attachments.title', { code: list.code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {attachments.isPending ? <Spinner size="sm" role="status" aria-label={t('common:loading')} /> : null}
        {attachments.isSuccess && attachments.data.length === 0 ? (
          <p className="text-body-secondary">{t('attachments.none')}</p>
        ) : null}
        <ListGroup>
          {(attachments.data ?? []).map((attachment) => (
            <ListGroup.Item key={attachment.id} className="d-flex align-items-center gap-2">
              <a href={attachment.url} target="_blank" rel="noreferrer" className="flex-grow-1 text-truncate">
                {attachment.name}
              </a>
              <small className="text-body-secondary">
                {attachment.uploadedBy ?? ''} {formatDateTime(attachment.at)}
              </small>
              {mayWrite ? (
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={t('attachments.remove', { name: attachment.name })}
                  onClick={() => void handleRemove(attachment.id)}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              ) : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
        {mayWrite ? (
          <input
            ref={input}
            type="file"
            className="form-control mt-3"
            accept={attachmentExtensions.map((extension) => `.${extension}`).join(',')}
            disabled={busy}
            onChange={(event) => void handleFile(event.target.files?.[0])}
            aria-label={t('attachments.add')}
            data-testid="attachment-file"
          />
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
