import { useQuery } from '@tanstack/react-query';
import type { PlannableOrderLine } from '@wms/contract';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity } from '../../components/object-dialogs/format.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { pickListQueries } from './picklists-api.js';

export interface PlanningFilters {
  warehouse?: string;
  customer?: string;
  route?: string;
  shipDateTo?: string;
}

/** A line's key in the selection. */
export const lineKey = (line: { salesOrder: string; lineNumber: number }) => `${line.salesOrder}#${line.lineNumber}`;

interface PlanningLinesPickerProps {
  filters: PlanningFilters;
  selected: ReadonlySet<string>;
  onSelected: (selected: Set<string>) => void;
}

/** The planning area (/api/v1/ppm/lines): open sales order lines with check boxes. */
export function PlanningLinesPicker({ filters, selected, onSelected }: PlanningLinesPickerProps) {
  const { t } = useTranslation(['picklists', 'common']);
  const errorText = useErrorText();
  const lines = useQuery(pickListQueries.planning(filters));
  if (lines.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  if (lines.isError) return <Alert variant="danger">{errorText(lines.error)}</Alert>;
  const rows: PlannableOrderLine[] = lines.data.lines;
  const allSelected = rows.length > 0 && rows.every((line) => selected.has(lineKey(line)));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (!next.delete(key)) next.add(key);
    onSelected(next);
  };
  return (
    <div data-testid="planning-lines">
      {lines.data.truncated ? <Alert variant="info">{t('create.truncated', { count: rows.length })}</Alert> : null}
      <div className="overflow-auto border rounded" style={{ maxHeight: '40vh' }}>
        <Table size="sm" hover className="mb-0">
          <thead className="sticky-top">
            <tr>
              <th>
                <Form.Check
                  aria-label={t('create.selectAll')}
                  checked={allSelected}
                  onChange={() => onSelected(allSelected ? new Set() : new Set(rows.map(lineKey)))}
                  data-testid="planning-select-all"
                />
              </th>
              <th>{t('create.order')}</th>
              <th>{t('column.customer')}</th>
              <th>{t('column.shipDate')}</th>
              <th>{t('lines.item')}</th>
              <th className="text-end">{t('lines.open')}</th>
              <th className="text-end">{t('create.released')}</th>
              <th className="text-end">{t('create.freeStock')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="text-body-secondary">
                  {t('common:noResults')}
                </td>
              </tr>
            ) : null}
            {rows.map((line) => {
              const key = lineKey(line);
              const short = line.freeStock !== null && line.freeStock < line.openQuantity - line.releasedQuantity;
              return (
                <tr key={key}>
                  <td>
                    <Form.Check
                      aria-label={key}
                      checked={selected.has(key)}
                      onChange={() => toggle(key)}
                      data-testid={`planning-line-${key}`}
                    />
                  </td>
                  <td>{`${line.salesOrder} / ${line.lineNumber}`}</td>
                  <td>{line.customer?.name ?? ''}</td>
                  <td>{formatDate(line.shipDate)}</td>
                  <td>{`${line.item} ${line.itemName}`}</td>
                  <td className="text-end">{formatQuantity(line.openQuantity)}</td>
                  <td className="text-end">{formatQuantity(line.releasedQuantity)}</td>
                  <td className={`text-end ${short ? 'text-danger' : ''}`}>
                    {line.freeStock === null ? '—' : formatQuantity(line.freeStock)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
