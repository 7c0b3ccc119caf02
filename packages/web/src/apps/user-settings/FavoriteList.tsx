import type { AppDefinition } from '@wms/contract';
import { useState, type DragEvent } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface FavoriteListProps {
  favorites: readonly AppDefinition[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/**
 * The favourite apps in menu order: drag an entry to move it (mouse), or use the up and down
 * buttons (touch and keyboard).
 */
export function FavoriteList({ favorites, onMove, onRemove }: FavoriteListProps) {
  const { t } = useTranslation(['userSettings', 'apps']);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  function handleDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragged !== null && dragged !== index) onMove(dragged, index);
    setDragged(null);
    setOver(null);
  }

  if (favorites.length === 0) return <p className="text-body-secondary">{t('noFavorites')}</p>;
  return (
    <ListGroup as="ol" numbered className="mb-3" data-testid="favorite-list">
      {favorites.map((app, index) => {
        const title = t(`apps:${app.titleKey}`);
        return (
          <ListGroup.Item
            as="li"
            key={app.id}
            draggable
            active={over === index && dragged !== index}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', app.id);
              setDragged(index);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver(null)}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDrop={(event) => handleDrop(event, index)}
            className="d-flex align-items-center gap-2"
            style={{ cursor: 'grab' }}
            data-testid={`favorite-${app.id}`}
          >
            <i className={`bi bi-${app.icon}`} aria-hidden="true" />
            <span className="flex-grow-1 text-truncate">{title}</span>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
              aria-label={t('moveUp', { app: title })}
              title={t('moveUp', { app: title })}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={index === favorites.length - 1}
              onClick={() => onMove(index, index + 1)}
              aria-label={t('moveDown', { app: title })}
              title={t('moveDown', { app: title })}
            >
              ↓
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onRemove(index)}
              aria-label={t('removeFavorite', { app: title })}
              title={t('removeFavorite', { app: title })}
            >
              ×
            </Button>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
