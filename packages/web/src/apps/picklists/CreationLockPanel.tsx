import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { useSession } from '../../platform/session.js';
import { shown } from './picklist-failure.js';
import { pickListApi, pickListQueries, pickListsKey } from './picklists-api.js';

/**
 * The creation lock of a warehouse (setting picking.creationLocking): who holds it and since when;
 * the holder or an admin can unlock it, and a generator can take it explicitly for a planning
 * session (it holds until unlocked or the holder's session ends).
 */
export function CreationLockPanel({ warehouse }: { warehouse: string }) {
  const { t } = useTranslation('picklists');
  const session = useSession();
  const queryClient = useQueryClient();
  const lock = useQuery({ ...pickListQueries.lock(warehouse), enabled: warehouse !== '' });
  if (!warehouse || !lock.data) return null;
  const state = lock.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: pickListsKey });
  const mine = state.username !== null && state.username === session.me?.user.username;
  const mayUnlock = mine || session.hasRole('admin');
  const toggle = async () => {
    await shown(() => (state.locked ? pickListApi.unlock(warehouse) : pickListApi.lock(warehouse)));
    await refresh();
  };

  if (state.locking === 'NONE') return null;
  return (
    <Alert
      variant={state.locked ? 'warning' : 'light'}
      className="d-flex flex-wrap align-items-center gap-2 py-2"
      data-testid="picklist-lock"
    >
      <i className={`bi ${state.locked ? 'bi-lock' : 'bi-unlock'}`} aria-hidden="true" />
      <span className="flex-grow-1" data-testid="picklist-lock-text">
        {state.locked
          ? t('lock.heldBy', { username: state.username ?? '', since: formatDateTime(state.since) })
          : t('lock.free', { locking: t(`lock.locking.${state.locking}`) })}
      </span>
      {state.locked ? (
        mayUnlock ? (
          <Button size="sm" variant="outline-dark" onClick={() => void toggle()} data-testid="picklist-unlock">
            {t('lock.unlock')}
          </Button>
        ) : null
      ) : (
        <Button size="sm" variant="outline-secondary" onClick={() => void toggle()} data-testid="picklist-take-lock">
          {t('lock.take')}
        </Button>
      )}
    </Alert>
  );
}
