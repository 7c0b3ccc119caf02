import { useQuery, useQueryClient } from '@tanstack/react-query';
import { albumPath, type FileEntry } from '@wms/contract';
import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { useVisibleAlbums } from './AlbumPicker.js';
import { ConfirmDialog } from '../object-dialogs/ConfirmDialog.js';
import { FileTile } from './FileTile.js';
import { deleteObject, mediaLibraryQueries, moveObject } from './media-library-api.js';
import { NameDialog } from './NameDialog.js';

/**
 * The files of an album as a grid of thumbnails. The uploader of a file and admins may rename or
 * move it (to another album) and delete it after a confirmation; the server checks the same.
 */
export function AlbumFiles({ group }: { group: string }) {
  const { t } = useTranslation(['capture', 'common']);
  const queryClient = useQueryClient();
  const { me, hasRole } = useSession();
  const { albums } = useVisibleAlbums();
  const query = useQuery(mediaLibraryQueries.album(group));
  const [moving, setMoving] = useState<FileEntry | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const files = query.data?.entries.filter((entry) => !entry.isDirectory && !entry.isHidden) ?? [];
  const canChange = (entry: FileEntry) => hasRole('admin') || entry.uploadedBy === me?.user.username;
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaLibraryQueries.all() });

  const handleMove = async (name: string, album: string | null) => {
    if (!moving) return;
    try {
      await moveObject(moving.path, `${albumPath(album ?? group)}/${name}`);
    } catch (error) {
      if (error instanceof ApiError) return;
      throw error;
    }
    setMoving(null);
    await refresh();
  };

  const handleDelete = async (yes: boolean) => {
    const entry = deleting;
    setDeleting(null);
    if (!yes || !entry) return;
    try {
      await deleteObject(entry.path);
      notify('success', 'capture:library.deleted', { name: entry.name });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    await refresh();
  };

  if (query.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  return (
    <>
      {files.length === 0 ? (
        <p className="text-body-secondary" data-testid="media-empty">
          {t('library.empty')}
        </p>
      ) : (
        <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2" data-testid="media-files">
          {files.map((entry) => (
            <div className="col" key={entry.path}>
              <FileTile
                entry={entry}
                canChange={canChange(entry)}
                onMove={() => setMoving(entry)}
                onDelete={() => setDeleting(entry)}
              />
            </div>
          ))}
        </div>
      )}
      <NameDialog
        show={moving !== null}
        title={t('library.move')}
        initialName={moving?.name ?? ''}
        albums={{ options: albums ?? [group], initial: group }}
        onCancel={() => setMoving(null)}
        onSubmit={handleMove}
      />
      <ConfirmDialog
        show={deleting !== null}
        message={t('library.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:delete')}
        onConfirm={() => void handleDelete(true)}
        onCancel={() => void handleDelete(false)}
      />
    </>
  );
}
