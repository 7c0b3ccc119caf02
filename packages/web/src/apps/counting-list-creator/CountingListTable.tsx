import type { CountingListSummary } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

export type ListAction = 'pdf' | 'cancel' | 'variance' | 'flush';

interface Props {
  lists: readonly CountingListSummary[];
  canFlush: boolean;
  busy: boolean;
  onAction: (action: ListAction, list: CountingListSummary) => void;
}

const flushable = new Set(['IN_PROGRESS', 'SECOND_COUNT', 'READY']);

/** The actions a list offers in its status (cancel CREATED only; variance READY or FLUSHED). */
export function actionsOf(list: CountingListSummary, canFlush: boolean): ListAction[] {
  const actions: ListAction[] = [];
  if (list.status !== 'CANCELLED') actions.push('pdf');
  if (list.status === 'CREATED') actions.push('cancel');
  if (list.status === 'READY' || list.status === 'FLUSHED') actions.push('variance');
  if (canFlush && flushable.has(list.status)) actions.push('flush');
  return actions;
}

/** The lists, newest first: status, counting type, progress per location state (no quantities), actions. */
export function CountingListTable({ lists, canFlush, busy, onAction }: Props) {
  const { t } = useTranslation('countingListCreator');
  return (
    <Table size="sm" responsive hover data-testid="cl-table">
      <thead>
        <tr>
          <th>{t('table.code')}</th>
          <th>{t('table.status')}</th>
          <th>{t('table.countingType')}</th>
          <th>{t('table.progress')}</th>
          <th>{t('table.claimedBy')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {lists.map((list) => (
          <tr key={list.code} data-testid={`cl-row-${list.code}`}>
            <td className="fw-bold">{list.code}</td>
            <td>
              <Badge bg={list.status === 'CANCELLED' ? 'secondary' : 'primary'}>{t(`status.${list.status}`)}</Badge>
            </td>
            <td className="small">{t(`countingType.${list.countingType}`)}</td>
            <td className="small" data-testid="cl-progress">
              {t('table.agreed', { agreed: list.progress.AGREED ?? 0, locations: list.locations })}
              {list.round !== null ? ` · ${t('table.round', { round: list.round })}` : ''}
              {(list.progress.REVIEW ?? 0) > 0 ? ` · ${t('table.review', { count: list.progress.REVIEW })}` : ''}
            </td>
            <td className="small">{list.claimedBy ?? ''}</td>
            <td className="text-end text-nowrap">
              {actionsOf(list, canFlush).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'cancel' ? 'outline-danger' : 'outline-primary'}
                  className="ms-1"
                  disabled={busy}
                  onClick={() => onAction(action, list)}
                  data-testid={`cl-${action}-${list.code}`}
                >
                  {t(`action.${action}`)}
                </Button>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
