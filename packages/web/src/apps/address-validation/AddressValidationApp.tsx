import { useQuery } from '@tanstack/react-query';
import { addressValidationStatuses, type AddressValidationStatus } from '@wms/contract';
import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import { addressPageSize, addressQueries } from './address-validation-api.js';
import { AddressEditDialog } from './AddressEditDialog.js';
import { AddressTable } from './AddressTable.js';
import { useAddressValidationLive } from './useAddressValidationLive.js';

/**
 * /address_validation (PROCESSES.md 3.11; role addressValidation; decision 0186): the ship-to
 * addresses by status (INVALID first), searchable and paged, live through
 * topics.documents('address'). A record opens the edit form: reasons, original address, history,
 * and edit, revalidate, approve or override (with a comment). The server decides; its refusals
 * are shown by the platform's error display.
 */
export function AddressValidationApp() {
  const { t } = useTranslation(['addressValidation', 'apps']);
  const errorText = useErrorText();
  useAddressValidationLive();
  const [status, setStatus] = useState<AddressValidationStatus>('INVALID');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const settled = useDebouncedValue(search.trim(), 300);
  useEffect(() => setOffset(0), [status, settled]);
  const page = useQuery(
    addressQueries.page({ status, ...(settled ? { search: settled } : {}), offset, limit: addressPageSize }),
  );
  const rows = page.data?.rows ?? [];
  const total = page.data?.total ?? 0;
  const onOpen = useCallback((id: number) => setOpen(id), []);

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="address-validation-app">
      <h1 className="h4">{t('apps:addressValidation')}</h1>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Select
          aria-label={t('filter.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as AddressValidationStatus)}
          style={{ maxWidth: 200 }}
          data-testid="address-status-filter"
        >
          {addressValidationStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          type="search"
          placeholder={t('filter.search')}
          aria-label={t('filter.search')}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 280 }}
          data-testid="address-search"
        />
      </div>
      {page.isError ? <Alert variant="danger">{errorText(page.error)}</Alert> : null}
      {page.isSuccess && rows.length === 0 ? (
        <Alert variant="success" data-testid="address-empty">
          {t('empty')}
        </Alert>
      ) : (
        <AddressTable rows={rows} onOpen={onOpen} />
      )}
      {total > addressPageSize ? (
        <div className="d-flex align-items-center gap-2 mt-2">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - addressPageSize))}
          >
            {t('previous')}
          </Button>
          <span>{t('shown', { from: offset + 1, to: offset + rows.length, total })}</span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={offset + rows.length >= total}
            onClick={() => setOffset(offset + addressPageSize)}
          >
            {t('next')}
          </Button>
        </div>
      ) : null}
      {open !== null ? <AddressEditDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Container>
  );
}
