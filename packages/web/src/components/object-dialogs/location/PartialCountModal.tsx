import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import type { ItemToCount } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { ObjectReferenceField, type ResolvedObject } from '../../object-reference/ObjectReferenceField.js';
import { layerProps, useNextModalLayer } from '../modal-layer.js';
import { binLocationQueries } from './location-queries.js';

interface PartialCountModalProps {
  show: boolean;
  code: string;
  /** The location is PARTIAL already: start from its list (GET counting/items). */
  editing: boolean;
  busy: boolean;
  onSave: (itemCodes: string[]) => Promise<void>;
  onCancel: () => void;
}

/** The list of items a partial count covers: item fields resolve each code; at least one item. */
export function PartialCountModal({ show, code, editing, busy, onSave, onCancel }: PartialCountModalProps) {
  const { t } = useTranslation('objects');
  const layer = useNextModalLayer();
  const current = useQuery({ ...binLocationQueries.itemsToCount(code), enabled: show && editing });
  const [items, setItems] = useState<ItemToCount[]>([]);
  const [text, setText] = useState('');
  const [found, setFound] = useState<ResolvedObject | null>(null);

  useEffect(() => {
    if (!show) return;
    setItems(editing ? (current.data ?? []) : []);
    setText('');
  }, [show, editing, current.data]);

  const add = () => {
    if (!found) return;
    if (!items.some((item) => item.code === found.code)) setItems([...items, found]);
    setText('');
    setFound(null);
  };

  return (
    <Modal show={show} onHide={onCancel} fullscreen="sm-down" {...layerProps(layer)} data-testid="partial-count-modal">
      <Modal.Header closeButton>
        <Modal.Title className="h5">
          {t(editing ? 'location.editItemsToCount' : 'location.requestPartialCount')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {editing && current.isPending ? <Spinner role="status" aria-label={t('common:loading')} /> : null}
        <ObjectReferenceField
          type="item"
          value={text}
          onChange={setText}
          onResolved={setFound}
          autocomplete
          label={t('location.itemToAdd')}
          testId="count-item-input"
        />
        <Button
          variant="outline-primary"
          size="lg"
          className="mb-3"
          disabled={!found}
          onClick={add}
          data-testid="count-item-add"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('common:add')}
        </Button>
        <h6>{t('location.itemsToCount', { count: items.length })}</h6>
        {items.length === 0 ? <p className="text-body-secondary">{t('location.noItemsToCount')}</p> : null}
        <ListGroup data-testid="items-to-count">
          {items.map((item) => (
            <ListGroup.Item key={item.code} className="d-flex align-items-center gap-2" data-item-code={item.code}>
              <span className="fw-semibold">{item.visualCode}</span>
              <span className="text-body-secondary text-truncate">{item.name}</span>
              <Button
                variant="link"
                className="ms-auto text-danger p-1"
                aria-label={t('location.removeItem', { code: item.visualCode })}
                onClick={() => setItems(items.filter((other) => other.code !== item.code))}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button
          size="lg"
          disabled={busy || items.length === 0}
          onClick={() => void onSave(items.map((item) => item.code))}
          data-testid="partial-count-save"
        >
          {t('common:save')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
