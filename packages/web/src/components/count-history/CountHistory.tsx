import { useQuery } from '@tanstack/react-query';
import { countingEndpoints, type CountHistoryQuery } from '@wms/contract';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../platform/api-client.js';
import { ObjectLink } from '../object-link/ObjectLink.js';
import { formatDateTime, formatQuantity } from '../object-dialogs/format.js';

const limit = 50;

/**
 * The counts of a location or an item (GET /api/v1/counting/history; decision 0189): who
 * counted what and when, counted and on hand at save time, the difference and whether it was
 * posted, the reason and the outcome; newest first, the last 50. Blind counting (batching mode)
 * sends no onHand and difference to non-admins: shown as "-".
 */
export function CountHistory({ location, item }: { location?: string; item?: string }) {
  const { t } = useTranslation('wallToWall');
  const query: CountHistoryQuery = { ...(location ? { location } : {}), ...(item ? { item } : {}), limit };
  const history = useQuery(apiQuery(countingEndpoints.history, { query }));
  const rows = history.data?.rows ?? [];
  if (history.isPending || history.isError) return null;
  const number = (value: number | null) => (value === null ? '-' : formatQuantity(value));
  return (
    <section className="mt-3" data-testid="count-history">
      <h2 className="h6">{t('history.title')}</h2>
      {rows.length === 0 ? (
        <p className="text-body-secondary small" data-testid="count-history-empty">
          {t('history.none')}
        </p>
      ) : (
        <Table size="sm" responsive className="small">
          <thead>
            <tr>
              <th>{t('history.at')}</th>
              <th>{location ? t('history.item') : t('history.location')}</th>
              <th className="text-end">{t('history.counted')}</th>
              <th className="text-end">{t('history.onHand')}</th>
              <th className="text-end">{t('history.difference')}</th>
              <th>{t('history.outcome')}</th>
              <th>{t('history.reason')}</th>
              <th>{t('history.username')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} data-testid="count-history-row">
                <td className="text-nowrap">{formatDateTime(row.at)}</td>
                <td>
                  {location ? (
                    <ObjectLink type="item" code={row.item} />
                  ) : (
                    <ObjectLink type="binLocation" code={row.location} />
                  )}
                  {row.batch ? ` ${row.batch}` : ''}
                  {row.serial ? ` ${row.serial}` : ''}
                </td>
                <td className="text-end">{formatQuantity(row.counted)}</td>
                <td className="text-end">{number(row.onHand)}</td>
                <td className="text-end">
                  {number(row.difference)}
                  {row.posted ? ` (${t('history.posted')})` : ''}
                </td>
                <td>{t(`history.outcomes.${row.outcome}`)}</td>
                <td>{t(`reason.${row.reason}`)}</td>
                <td>{row.username}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {history.data?.hasMore ? <p className="small text-body-secondary">{t('history.more', { limit })}</p> : null}
    </section>
  );
}
