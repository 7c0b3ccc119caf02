import { useQuery } from '@tanstack/react-query';
import { Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { simpleUserQueries } from './queries.js';

interface UserMultiSelectProps {
  value: number[];
  onChange: (users: number[]) => void;
  idPrefix: string;
}

/** Picks users (users.getSimpleUsers) with big check boxes; selection order is kept. */
export function UserMultiSelect({ value, onChange, idPrefix }: UserMultiSelectProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const users = useQuery(simpleUserQueries.list());
  if (users.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  return (
    <fieldset className="user-task-users border rounded p-2" data-testid="user-multi-select">
      <legend className="visually-hidden">{t('users')}</legend>
      {(users.data ?? []).map((user) => (
        <Form.Check
          key={user.userid}
          id={`${idPrefix}-user-${user.userid}`}
          className="py-1 fs-5"
          label={user.username}
          checked={value.includes(user.userid)}
          onChange={(event) =>
            onChange(event.target.checked ? [...value, user.userid] : value.filter((id) => id !== user.userid))
          }
          data-testid={`user-option-${user.username}`}
        />
      ))}
    </fieldset>
  );
}
