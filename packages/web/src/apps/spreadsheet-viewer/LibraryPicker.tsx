import { albumsRootPath } from '@wms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { isSpreadsheetName, libraryQueries } from './spreadsheets-api.js';

/**
 * Picks an XLSX or CSV file of the file manager's library: its albums, then the album's
 * spreadsheet files (other files and hidden ones are not listed).
 */
export function LibraryPicker({ onPick, onCancel }: { onPick: (path: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('spreadsheetViewer');
  const [album, setAlbum] = useState<string | null>(null);
  const folder = useQuery(libraryQueries.folder(album ?? albumsRootPath));
  const entries = (folder.data?.entries ?? []).filter(
    (entry) =>
      !entry.isHidden && (album === null ? entry.isDirectory : !entry.isDirectory && isSpreadsheetName(entry.name)),
  );
  return (
    <Modal show onHide={onCancel} centered scrollable data-testid="spreadsheet-library">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title as="h2" className="h5">
          {album === null ? t('library.albums') : t('library.files', { album: album.split('/').at(-1) })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {folder.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
        {folder.isSuccess && entries.length === 0 ? (
          <p className="text-body-secondary mb-0">{album === null ? t('library.noAlbums') : t('library.noFiles')}</p>
        ) : null}
        <ListGroup>
          {entries.map((entry) => (
            <ListGroup.Item
              key={entry.path}
              action
              onClick={() => (album === null ? setAlbum(entry.path) : onPick(entry.path))}
            >
              <i
                className={`bi ${entry.isDirectory ? 'bi-folder2' : 'bi-file-earmark-spreadsheet'} me-2`}
                aria-hidden="true"
              />
              {entry.name}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
      <Modal.Footer>
        {album !== null ? (
          <Button variant="outline-secondary" onClick={() => setAlbum(null)} className="me-auto">
            {t('library.back')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
