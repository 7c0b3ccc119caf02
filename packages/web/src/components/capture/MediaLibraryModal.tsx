import { useQueryClient } from '@tanstack/react-query';
import { attachmentExtensions, type Attachment } from '@wms/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { AppIcon } from '../app-icon/AppIcon.js';
import { AlbumAdminActions } from './AlbumAdminActions.js';
import { AlbumFiles } from './AlbumFiles.js';
import { AlbumPicker } from './AlbumPicker.js';
import { mediaLibraryQueries, uploadAttachment, uploadFile } from './media-library-api.js';
import { PictureBox } from './PictureBox.js';
import { hasCameraSupport } from './useCamera.js';

const accept = attachmentExtensions.map((extension) => `.${extension}`).join(',');

/**
 * The media library (user menu): albums under temp/albums/{group}; pick or create an album,
 * see its files, upload a file or take a picture into it (the picture box), rename, move and
 * delete. Uploading without an album says 'no group selected for library'.
 */
export function MediaLibraryModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation(['capture', 'common']);
  const queryClient = useQueryClient();
  const { hasRole } = useSession();
  const [group, setGroup] = useState<string | null>(null);
  const [pictureShown, setPictureShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const requireGroup = (): string | null => {
    if (group === null) notify('danger', 'errors:noGroupSelectedForLibrary');
    return group;
  };
  const afterUpload = async (name: string) => {
    notify('success', 'capture:library.uploaded', { name });
    await queryClient.invalidateQueries({ queryKey: mediaLibraryQueries.all() });
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || group === null) return;
    setBusy(true);
    try {
      const entry = await uploadFile(group, file, file.name);
      await afterUpload(entry.name);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const handleAttachment = async (attachment: Attachment) => {
    if (group === null) return;
    const entry = await uploadAttachment(group, attachment);
    await afterUpload(entry.name);
  };

  return (
    <>
      <Modal show={show && !pictureShown} onHide={onHide} size="xl" fullscreen="md-down" data-testid="media-library">
        <Modal.Header closeButton>
          <Modal.Title className="h5 text-break">
            {t('library.title')}
            {group !== null && ` / ${group}`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="d-flex flex-wrap gap-2 mb-3">
            {group !== null && (
              <Button size="lg" variant="outline-secondary" onClick={() => setGroup(null)} data-testid="media-back">
                <AppIcon name="arrow-left" className="me-2" />
                {t('library.albums')}
              </Button>
            )}
            <Button
              size="lg"
              variant="outline-primary"
              disabled={busy}
              onClick={() => requireGroup() !== null && fileRef.current?.click()}
              data-testid="media-upload"
            >
              <AppIcon name="upload" className="me-2" />
              {t('library.upload')}
            </Button>
            {hasCameraSupport() && (
              <Button
                size="lg"
                variant="outline-primary"
                onClick={() => requireGroup() !== null && setPictureShown(true)}
                data-testid="media-take-picture"
              >
                <AppIcon name="camera" className="me-2" />
                {t('pictureBox.title')}
              </Button>
            )}
            {group !== null && hasRole('admin') && <AlbumAdminActions group={group} onChanged={setGroup} />}
            <Form.Control
              ref={fileRef}
              type="file"
              accept={accept}
              className="d-none"
              onChange={(event: ChangeEvent<HTMLInputElement>) => void handleFile(event)}
              data-testid="media-file-input"
            />
          </div>
          {group === null ? <AlbumPicker onPick={setGroup} /> : <AlbumFiles group={group} />}
        </Modal.Body>
      </Modal>
      {pictureShown && <PictureBox show onHide={() => setPictureShown(false)} onAttachment={handleAttachment} />}
    </>
  );
}
