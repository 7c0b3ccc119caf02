import { useQueryClient } from '@tanstack/react-query';
import { albumPath } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { AppIcon } from '../app-icon/AppIcon.js';
import { ConfirmDialog } from '../object-dialogs/ConfirmDialog.js';
import { deleteObject, mediaLibraryQueries, moveObject } from './media-library-api.js';
import { NameDialog } from './NameDialog.js';

/** Renaming and deleting an album (with its files): admins only, as the server requires. */
export function AlbumAdminActions({ group, onChanged }: { group: string; onChanged: (group: string | null) => void }) {
  const { t } = useTranslation('capture');
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaLibraryQueries.all() });

  const handleRename = async (name: string) => {
    try {
      await moveObject(albumPath(group), albumPath(name));
    } catch (error) {
      if (error instanceof ApiError) return;
      throw error;
    }
    setRenaming(false);
    await refresh();
    onChanged(name);
  };

  const handleDelete = async (yes: boolean) => {
    setDeleting(false);
    if (!yes) return;
    try {
      await deleteObject(albumPath(group));
      notify('success', 'capture:library.deleted', { name: group });
      onChanged(null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    await refresh();
  };

  return (
    <>
      <Button size="lg" variant="outline-secondary" onClick={() => setRenaming(true)} data-testid="media-rename-album">
        <AppIcon name="pencil" className="me-2" />
        {t('library.renameAlbum')}
      </Button>
      <Button size="lg" variant="outline-danger" onClick={() => setDeleting(true)} data-testid="media-delete-album">
        <AppIcon name="trash" className="me-2" />
        {t('library.deleteAlbum')}
      </Button>
      <NameDialog
        show={renaming}
        title={t('library.renameAlbum')}
        initialName={group}
        onCancel={() => setRenaming(false)}
        onSubmit={handleRename}
      />
      <ConfirmDialog
        show={deleting}
        message={t('library.deleteAlbumConfirm', { name: group })}
        confirmLabel={t('common:delete')}
        onConfirm={() => void handleDelete(true)}
        onCancel={() => void handleDelete(false)}
      />
    </>
  );
}
