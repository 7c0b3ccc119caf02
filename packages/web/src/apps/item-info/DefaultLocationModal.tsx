import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  itemActionEndpoints,
  type DefaultItemLocation,
  type Item,
  type SetDefaultLocationRequest,
} from '@wms/contract';
import { useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ObjectReferenceField, type ResolvedObject } from '../../components/object-reference/ObjectReferenceField.js';
import { callApi } from '../../platform/api-client.js';
import { notify } from '../../platform/notifications.js';
import { parseStockLevel } from './prompt-values.js';
import { itemQueries } from './queries.js';

const levelText = (value: number | null) => (value === null ? '' : String(value));

/**
 * Edits one warehouse's default location of the item: the location (an object reference resolved
 * with the bin location find endpoint; empty clears it), enforced, minimum and maximum stock
 * (floats). Saved with the version read; the HTTP client retries a stale version and shows errors.
 */
export function DefaultLocationModal({
  item,
  row,
  onClose,
}: {
  item: Item;
  row: DefaultItemLocation;
  onClose: () => void;
}) {
  const { t } = useTranslation('itemInfo');
  const queryClient = useQueryClient();
  const [location, setLocation] = useState(row.binLocation?.code ?? '');
  const [resolved, setResolved] = useState<ResolvedObject | null>(null);
  const [enforced, setEnforced] = useState(row.enforced);
  const [minText, setMinText] = useState(levelText(row.minStock));
  const [maxText, setMaxText] = useState(levelText(row.maxStock));

  const minStock = parseStockLevel(minText);
  const maxStock = parseStockLevel(maxText);
  const levelsOrdered = minStock == null || maxStock == null || minStock <= maxStock;
  const locationReady = location.trim() === '' || resolved !== null;
  const valid = minStock !== undefined && maxStock !== undefined && levelsOrdered && locationReady;

  const save = useMutation({
    mutationFn: (body: SetDefaultLocationRequest) =>
      callApi(itemActionEndpoints.setDefaultLocation, { params: { code: item.code, whsCode: row.whs.code }, body }),
    onSuccess: async () => {
      notify('success', 'common:saveSuccess');
      onClose();
      await queryClient.invalidateQueries({ queryKey: itemQueries.defaultLocationsRoot(item.code) });
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || save.isPending) return;
    save.mutate({
      locationCode: resolved?.code ?? null,
      enforced,
      minStock: minStock ?? null,
      maxStock: maxStock ?? null,
      version: row.version,
    });
  };

  return (
    <Modal show onHide={onClose} centered fullscreen="sm-down" data-testid="default-location-modal">
      <Form onSubmit={handleSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title className="h5">
            {t('defaultLocations.editTitle', { warehouse: `${row.whs.code} ${row.whs.name}` })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ObjectReferenceField
            type="binLocation"
            value={location}
            onChange={setLocation}
            onResolved={setResolved}
            label={t('defaultLocations.location')}
            autocomplete
            autoFocus
            testId="default-location-code"
          />
          <Form.Check
            type="switch"
            id="default-location-enforced"
            className="mb-3"
            label={t('defaultLocations.enforced')}
            checked={enforced}
            onChange={(event) => setEnforced(event.target.checked)}
            data-testid="default-location-enforced"
          />
          {(
            [
              ['minStock', minText, setMinText, minStock === undefined],
              ['maxStock', maxText, setMaxText, maxStock === undefined || !levelsOrdered],
            ] as const
          ).map(([name, text, setText, invalid]) => (
            <Form.Group key={name} controlId={`default-location-${name}`} className="mb-3">
              <Form.Label>{t(`defaultLocations.${name}`)}</Form.Label>
              <Form.Control
                value={text}
                onChange={(event) => setText(event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                isInvalid={invalid}
                data-testid={`default-location-${name}`}
              />
              <Form.Control.Feedback type="invalid">
                {t(name === 'maxStock' && levelsOrdered === false ? 'defaultLocations.maxBelowMin' : 'invalidNumber')}
              </Form.Control.Feedback>
            </Form.Group>
          ))}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={!valid || save.isPending} data-testid="default-location-save">
            {save.isPending && <Spinner size="sm" className="me-2" />}
            {t('common:save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
