import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { erpUserQueries } from './queries.js';

interface ErpUserSelectProps {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** The ERP user this user is linked to (userManager only); none unlinks. */
export function ErpUserSelect({ id, value, onChange }: ErpUserSelectProps) {
  const { t } = useTranslation('userSettings');
  const erpUsers = useQuery(erpUserQueries.list());
  const known = erpUsers.data ?? [];
  const missing = value !== null && erpUsers.isSuccess && !known.some((user) => user.code === value);
  return (
    <Form.Select
      id={id}
      value={value ?? ''}
      disabled={erpUsers.isPending}
      isInvalid={erpUsers.isError}
      data-testid="erp-user"
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">{erpUsers.isPending ? t('loadingErpUsers') : t('noErpUser')}</option>
      {missing && <option value={value}>{t('unknownErpUser', { code: value })}</option>}
      {known.map((user) => (
        <option key={user.code} value={user.code}>
          {user.name} ({user.code})
        </option>
      ))}
    </Form.Select>
  );
}
