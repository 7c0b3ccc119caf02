import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { userQueries } from './queries.js';

interface UserPickerProps {
  value: number;
  onChange: (userId: number) => void;
}

/** A userManager chooses whose settings, roles and keys to edit; themself at first. */
export function UserPicker({ value, onChange }: UserPickerProps) {
  const { t } = useTranslation('userSettings');
  const users = useQuery(userQueries.list());
  const sorted = [...(users.data ?? [])].sort((a, b) => a.username.localeCompare(b.username));
  return (
    <Form.Group className="mb-3" style={{ maxWidth: '30rem' }}>
      <Form.Label htmlFor="edited-user">{t('editedUser')}</Form.Label>
      <Form.Select
        id="edited-user"
        value={value}
        disabled={!users.isSuccess}
        isInvalid={users.isError}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="user-picker"
      >
        {!users.isSuccess && <option value={value}>{t('loadingUsers')}</option>}
        {sorted.map((user) => (
          <option key={user.id} value={user.id}>
            {user.active ? user.username : t('inactiveUser', { username: user.username })}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
