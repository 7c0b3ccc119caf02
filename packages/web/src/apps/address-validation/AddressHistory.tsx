import type { AddressHistoryEntry } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { addressText } from './AddressReasons.js';

/** What was done to the record: when, who, what (an edit's before and after, an override's comment). */
export function AddressHistory({ history }: { history: readonly AddressHistoryEntry[] }) {
  const { t } = useTranslation('addressValidation');
  return (
    <ul className="list-unstyled small mb-0" data-testid="address-history">
      {history.map((entry, i) => (
        <li key={i} className="border-bottom py-1">
          <span className="text-body-secondary">{formatDateTime(entry.at)}</span>{' '}
          <strong>{t(`history.${entry.action}`)}</strong> {entry.username ?? t('history.system')} -{' '}
          {t(`status.${entry.status}`)}
          {entry.action === 'EDIT' && entry.before && entry.after ? (
            <div>{t('history.edit', { before: addressText(entry.before), after: addressText(entry.after) })}</div>
          ) : null}
          {entry.comment ? <div className="fst-italic">{entry.comment}</div> : null}
        </li>
      ))}
    </ul>
  );
}
