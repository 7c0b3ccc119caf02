import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { AppIcon } from '../app-icon/AppIcon.js';
import { createAlbum, mediaLibraryQueries } from './media-library-api.js';
import { NameDialog } from './NameDialog.js';

/** The names of the albums the library shows (hidden ones are left out). */
export function useVisibleAlbums(): { albums: string[] | undefined; isPending: boolean } {
  const query = useQuery(mediaLibraryQueries.albums());
  const albums = query.data?.entries.filter((entry) => entry.isDirectory && !entry.isHidden).map((entry) => entry.name);
  return { albums, isPending: query.isPending };
}

/**
 * The album (group) list: pick one, or create a new one. Without any visible album it says
 * pictureBox.noAlbumsPresent (picking needs at least one visible album).
 */
export function AlbumPicker({ onPick }: { onPick: (group: string) => void }) {
  const { t } = useTranslation(['capture', 'common']);
  const queryClient = useQueryClient();
  const { albums, isPending } = useVisibleAlbums();
  const [creating, setCreating] = useState(false);

  const handleCreate = async (name: string) => {
    try {
      await createAlbum(name);
    } catch (error) {
      if (error instanceof ApiError) return;
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: mediaLibraryQueries.albums().queryKey });
    setCreating(false);
    onPick(name);
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h2 className="h6 mb-0">{t('library.albums')}</h2>
        <Button size="lg" variant="outline-primary" onClick={() => setCreating(true)} data-testid="media-new-album">
          <AppIcon name="folder-plus" className="me-2" />
          {t('library.newAlbum')}
        </Button>
      </div>
      {isPending && <Spinner role="status" aria-label={t('common:loading')} />}
      {albums?.length === 0 && (
        <Alert variant="info" data-testid="media-no-albums">
          {t('pictureBox.noAlbumsPresent')}
        </Alert>
      )}
      {albums !== undefined && albums.length > 0 && (
        <ListGroup data-testid="media-albums">
          {albums.map((album) => (
            <ListGroup.Item key={album} action className="py-3 fs-5 text-break" onClick={() => onPick(album)}>
              <AppIcon name="folder" className="me-2" />
              {album}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <NameDialog
        show={creating}
        title={t('library.newAlbum')}
        initialName=""
        onCancel={() => setCreating(false)}
        onSubmit={handleCreate}
      />
    </>
  );
}
