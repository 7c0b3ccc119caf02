import { useQuery } from '@tanstack/react-query';
import type { PickListLine } from '@wms/contract';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity } from '../../components/object-dialogs/format.js';
import { pickListQueries } from './picklists-api.js';

const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => !!value))];

/** Batches and serials of a line: allocated and picked. */
function batchesOf(line: PickListLine): string {
  const allocated = line.allocations.flatMap((allocation) => [allocation.batch, allocation.serial]);
  const picked = line.picks.flatMap((pick) => [pick.batch, pick.serial]);
  return unique([...allocated, ...picked]).join(', ');
}

/** Where the line is picked: the allocations (with quantity and expiry), else where it was picked. */
function locationsOf(line: PickListLine): string {
  if (line.allocations.length === 0) return unique(line.picks.map((pick) => pick.location)).join(', ');
  return line.allocations
    .map((allocation) => {
      const expiry = allocation.expirationDate ? ` ${formatDate(allocation.expirationDate)}` : '';
      return `${allocation.location} (${formatQuantity(allocation.quantity)}${expiry})`;
    })
    .join(', ');
}

/** The expanded row of a pick list: its lines (GET rows?code) in walk order. */
export function PicklistLines({ code }: { code: string }) {
  const { t } = useTranslation(['picklists', 'common']);
  const rows = useQuery(pickListQueries.rows(code));
  if (rows.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  if (rows.isError) return <span className="text-danger">{t('lines.failed')}</span>;
  const lines = [...rows.data].sort((a, b) => a.walkOrder - b.walkOrder);
  return (
    <Table size="sm" responsive className="mb-0 bg-transparent" data-testid={`picklist-lines-${code}`}>
      <thead>
        <tr>
          <th>{t('lines.line')}</th>
          <th>{t('lines.item')}</th>
          <th>{t('lines.batchSerial')}</th>
          <th>{t('lines.locations')}</th>
          <th className="text-end">{t('lines.quantity')}</th>
          <th className="text-end">{t('lines.picked')}</th>
          <th className="text-end">{t('lines.short')}</th>
          <th className="text-end">{t('lines.open')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.lineNumber} data-testid="picklist-line">
            <td>{line.lineNumber}</td>
            <td>
              <div>{line.item}</div>
              <small className="text-body-secondary">{line.itemName}</small>
            </td>
            <td>{batchesOf(line)}</td>
            <td>
              {locationsOf(line)}
              {line.openQuantity > 0 && line.allocations.length === 0 ? (
                <div className="text-danger small">{t('lines.notAllocated')}</div>
              ) : null}
            </td>
            <td className="text-end">{formatQuantity(line.quantity)}</td>
            <td className="text-end">{formatQuantity(line.pickedQuantity)}</td>
            <td className="text-end">
              {line.shortQuantity > 0 ? formatQuantity(line.shortQuantity) : ''}
              {line.shortReason ? (
                <div className="small text-body-secondary">{t(`shortReason.${line.shortReason}`)}</div>
              ) : null}
            </td>
            <td className="text-end">
              {formatQuantity(line.openQuantity)}
              {line.skipped ? <div className="small text-body-secondary">{t('lines.skipped')}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
