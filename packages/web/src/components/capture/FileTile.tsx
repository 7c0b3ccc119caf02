import type { FileEntry } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../app-icon/AppIcon.js';
import { isPicture } from './media-library-api.js';

/** One file of an album: its thumbnail (or a document icon), name, and the actions allowed. */
export function FileTile({
  entry,
  canChange,
  onMove,
  onDelete,
}: {
  entry: FileEntry;
  canChange: boolean;
  onMove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('capture');
  const url = entry.url ?? '';
  return (
    <Card className="h-100" data-testid="media-file" data-name={entry.name}>
      <a href={url} target="_blank" rel="noreferrer" className="d-block ratio ratio-4x3 bg-body-tertiary">
        {isPicture(entry) ? (
          <img src={url} alt={entry.name} loading="lazy" className="object-fit-contain p-1" />
        ) : (
          <span className="d-flex align-items-center justify-content-center display-4 text-body-secondary">
            <AppIcon name="file-earmark-pdf" />
          </span>
        )}
      </a>
      <Card.Body className="p-2">
        <div className="small text-break">{entry.name}</div>
        {entry.uploadedBy && (
          <div className="small text-body-secondary">{t('library.uploadedBy', { username: entry.uploadedBy })}</div>
        )}
      </Card.Body>
      {canChange && (
        <Card.Footer className="d-flex gap-2 p-2">
          <Button
            variant="outline-secondary"
            className="flex-fill"
            onClick={onMove}
            aria-label={t('library.move')}
            title={t('library.move')}
            data-testid="media-move"
          >
            <AppIcon name="pencil" />
          </Button>
          <Button
            variant="outline-danger"
            className="flex-fill"
            onClick={onDelete}
            aria-label={t('library.delete')}
            title={t('library.delete')}
            data-testid="media-delete"
          >
            <AppIcon name="trash" />
          </Button>
        </Card.Footer>
      )}
    </Card>
  );
}
