import { useQuery } from '@tanstack/react-query';
import type { Item } from '@wms/contract';
import { useMemo, useState } from 'react';
import { Badge, Spinner, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { formatNumber } from './format-number.js';
import { itemQueries } from './queries.js';
import { stockByItem, stockByLocation, type StockNode } from './stock-trees.js';

type Grouping = 'location' | 'item';

function NodeCell({ node, itemCode }: { node: StockNode; itemCode: string }) {
  const { t } = useTranslation('itemInfo');
  const qc = node.qcPending ? (
    <Badge bg="warning" text="dark" className="ms-1" title={t('locations.qcPendingTitle')} data-testid="qc-pending">
      {t('locations.qcPending')}
    </Badge>
  ) : null;
  if (node.kind === 'item')
    return (
      <span className="fw-semibold">
        {node.label}
        {qc}
      </span>
    );
  if (node.kind === 'location')
    return (
      <span className={node.restricted ? 'text-danger fw-semibold' : undefined} data-restricted={node.restricted}>
        {node.restricted && (
          <i
            className="bi bi-sign-stop me-1"
            role="img"
            aria-label={t('locations.restricted')}
            data-testid="restricted"
          />
        )}
        <ObjectLink type="binLocation" code={node.code} className={node.restricted ? 'text-danger' : undefined}>
          {node.label}
        </ObjectLink>
        {qc}
      </span>
    );
  return (
    <span>
      <small className="text-body-secondary me-1">{t(`locations.kind.${node.kind}`)}</small>
      <ObjectLink type={node.kind} code={node.code} itemCode={itemCode}>
        {node.label}
      </ObjectLink>
      {qc}
    </span>
  );
}

/**
 * Locations: the item's stock as trees, per location (with batches and serials
 * beneath) or per item -> batch -> serial -> location; quantities on hand, free to move, released
 * and picked; QC-pending stock marked; restricted locations in danger style with a stop sign.
 */
export function LocationsTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const [grouping, setGrouping] = useState<Grouping>('location');
  const stock = useQuery(itemQueries.stock(item.code));
  const nodes = useMemo(() => {
    if (!stock.data) return [];
    return grouping === 'location' ? stockByLocation(stock.data) : stockByItem(item, stock.data);
  }, [grouping, item, stock.data]);

  const columns = useMemo<DataTableColumn<StockNode>[]>(() => {
    const quantity = (id: keyof StockNode & `${string}Qty`, header: string): DataTableColumn<StockNode> => ({
      id,
      header: `itemInfo:${header}`,
      accessor: (node) => node[id],
      cell: (_node, value) => formatNumber(value as number, i18n.language),
      numeric: true,
      filterable: false,
      width: 90,
    });
    return [
      {
        id: 'object',
        header: grouping === 'location' ? 'itemInfo:locations.location' : 'itemInfo:locations.object',
        accessor: (node) => node.label,
        cell: (node) => <NodeCell node={node} itemCode={item.code} />,
        width: 190,
      },
      quantity('onHandQty', 'quantity.onHand'),
      quantity('freeToMoveQty', 'quantity.freeToMove'),
      quantity('releasedQty', 'quantity.released'),
      quantity('pickQty', 'quantity.pick'),
    ];
  }, [grouping, i18n.language, item.code]);

  if (stock.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  return (
    <>
      <ToggleButtonGroup
        type="radio"
        name="stock-grouping"
        value={grouping}
        onChange={(value: Grouping) => setGrouping(value)}
        className="mb-2 d-flex"
      >
        <ToggleButton id="stock-by-location" value="location" variant="outline-primary" data-testid="group-by-location">
          {t('locations.byLocation')}
        </ToggleButton>
        <ToggleButton id="stock-by-item" value="item" variant="outline-primary" data-testid="group-by-item">
          {t('locations.byItem')}
        </ToggleButton>
      </ToggleButtonGroup>
      <DataTable
        key={grouping}
        tableId={grouping === 'location' ? 'itemStockByLocation' : 'itemStockByItem'}
        columns={columns}
        data={nodes}
        getRowId={(node) => node.id}
        getSubRows={(node) => (node.children.length ? node.children : undefined)}
        testId="item-stock-table"
      />
    </>
  );
}
