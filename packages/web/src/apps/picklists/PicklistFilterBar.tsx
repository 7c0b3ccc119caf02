import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { lookupQueries } from '../../components/object-dialogs/lookup-queries.js';
import { statusFilters, type PicklistFilters } from './picklist-filters.js';

interface PicklistFilterBarProps {
  filters: PicklistFilters;
  onChange: (filters: PicklistFilters) => void;
}

/** The warehouses to choose from (none when the user may not read them: typed then). */
export function WarehouseOptions({ id }: { id: string }) {
  const warehouses = useQuery(lookupQueries.warehouses()).data ?? [];
  return (
    <datalist id={id}>
      {warehouses.map((warehouse) => (
        <option key={warehouse.code} value={warehouse.code}>
          {warehouse.name}
        </option>
      ))}
    </datalist>
  );
}

/** The overview's filters: status (open by default), warehouse, customer and a search. */
export function PicklistFilterBar({ filters, onChange }: PicklistFilterBarProps) {
  const { t } = useTranslation('picklists');
  const set = (changes: Partial<PicklistFilters>) => onChange({ ...filters, ...changes });
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2" data-testid="picklist-filters">
      <Form.Select
        value={filters.status}
        onChange={(event) => set({ status: event.target.value as PicklistFilters['status'] })}
        aria-label={t('filter.status')}
        style={{ maxWidth: '11rem' }}
        data-testid="picklist-filter-status"
      >
        {statusFilters.map((status) => (
          <option key={status} value={status}>
            {status === 'open' || status === 'all' ? t(`filter.${status}`) : t(`status.${status}`)}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        value={filters.warehouse}
        onChange={(event) => set({ warehouse: event.target.value })}
        placeholder={t('filter.warehouse')}
        aria-label={t('filter.warehouse')}
        list="picklist-warehouses"
        style={{ maxWidth: '9rem' }}
        data-testid="picklist-filter-warehouse"
      />
      <WarehouseOptions id="picklist-warehouses" />
      <Form.Control
        value={filters.customer}
        onChange={(event) => set({ customer: event.target.value })}
        placeholder={t('filter.customer')}
        aria-label={t('filter.customer')}
        style={{ maxWidth: '10rem' }}
        data-testid="picklist-filter-customer"
      />
      <Form.Control
        type="search"
        value={filters.search}
        onChange={(event) => set({ search: event.target.value })}
        placeholder={t('filter.search')}
        aria-label={t('filter.search')}
        style={{ maxWidth: '14rem' }}
        data-testid="picklist-filter-search"
      />
    </div>
  );
}
