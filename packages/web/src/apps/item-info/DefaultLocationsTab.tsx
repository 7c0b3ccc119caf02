import { useQuery } from '@tanstack/react-query';
import { defaultLocationFilters, type DefaultItemLocation, type DefaultLocationFilter, type Item } from '@wms/contract';
import { useMemo, useState } from 'react';
import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { useSession } from '../../platform/session.js';
import { DefaultLocationModal } from './DefaultLocationModal.js';
import { formatNumber } from './format-number.js';
import { itemQueries } from './queries.js';

/**
 * Default locations: one row per warehouse, filtered present (default),
 * active or all. A user with defaultItemBinLocationEdit edits a row in a modal.
 */
export function DefaultLocationsTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const canEdit = useSession().hasRole('defaultItemBinLocationEdit');
  const [filter, setFilter] = useState<DefaultLocationFilter>('present');
  const [editing, setEditing] = useState<DefaultItemLocation | null>(null);
  const rows = useQuery(itemQueries.defaultLocations(item.code, filter));

  const columns = useMemo<DataTableColumn<DefaultItemLocation>[]>(() => {
    const level = (id: 'minStock' | 'maxStock'): DataTableColumn<DefaultItemLocation> => ({
      id,
      header: `itemInfo:defaultLocations.${id}`,
      accessor: (row) => row[id],
      cell: (_row, value) => formatNumber(value as number | null, i18n.language),
      numeric: true,
      filterable: false,
      width: 90,
    });
    const list: DataTableColumn<DefaultItemLocation>[] = [
      {
        id: 'warehouse',
        header: 'itemInfo:defaultLocations.warehouse',
        accessor: (row) => `${row.whs.code} ${row.whs.name}`,
        cell: (row) => (
          <span title={row.whs.name}>
            <ObjectLink type="warehouse" code={row.whs.code} /> {row.whs.name}
            {!row.whs.active && (
              <Badge bg="secondary" className="ms-1">
                {t('defaultLocations.inactive')}
              </Badge>
            )}
          </span>
        ),
        width: 170,
      },
      {
        id: 'location',
        header: 'itemInfo:defaultLocations.location',
        accessor: (row) => row.binLocation?.visualCode ?? '',
        cell: (row) =>
          row.binLocation ? (
            <ObjectLink type="binLocation" code={row.binLocation.code}>
              {row.binLocation.visualCode}
            </ObjectLink>
          ) : (
            '—'
          ),
        width: 130,
      },
      {
        id: 'enforced',
        header: 'itemInfo:defaultLocations.enforced',
        accessor: (row) => t(row.enforced ? 'common:yes' : 'common:no'),
        width: 90,
      },
      level('minStock'),
      level('maxStock'),
    ];
    if (canEdit)
      list.push({
        id: 'edit',
        header: 'itemInfo:defaultLocations.edit',
        accessor: () => '',
        cell: (row) => (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => setEditing(row)}
            aria-label={t('defaultLocations.editFor', { warehouse: row.whs.code })}
            data-testid={`edit-default-${row.whs.code}`}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </Button>
        ),
        sortable: false,
        filterable: false,
        width: 64,
      });
    return list;
  }, [canEdit, i18n.language, t]);

  return (
    <>
      <Form.Group controlId="default-location-filter" className="mb-2 d-flex align-items-center gap-2">
        <Form.Label className="mb-0 text-nowrap">{t('defaultLocations.filter')}</Form.Label>
        <Form.Select
          value={filter}
          onChange={(event) => setFilter(event.target.value as DefaultLocationFilter)}
          style={{ maxWidth: 220 }}
          data-testid="default-location-filter"
        >
          {defaultLocationFilters.map((option) => (
            <option key={option} value={option}>
              {t(`defaultLocations.filters.${option}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {rows.isPending ? (
        <Spinner size="sm" role="status" aria-label={t('common:loading')} />
      ) : (
        <DataTable
          tableId="itemDefaultLocations"
          columns={columns}
          data={rows.data ?? []}
          getRowId={(row) => row.whs.code}
          filter={false}
          testId="item-default-locations"
        />
      )}
      {editing && <DefaultLocationModal item={item} row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
