import type { Role } from '@wms/contract';
import { Badge, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface RoleSwitchProps {
  role: Role;
  checked: boolean;
  /** Granted anyway through another role (the hierarchy). */
  implied: boolean;
  disabled: boolean;
  onChange: (role: Role, checked: boolean) => void;
}

/** One role as a switch, named in the user's language, with its technical name for reference. */
export function RoleSwitch({ role, checked, implied, disabled, onChange }: RoleSwitchProps) {
  const { t } = useTranslation('userSettings');
  return (
    <Form.Check
      type="switch"
      id={`role-${role}`}
      data-testid={`role-${role}`}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(role, event.target.checked)}
      label={
        <>
          {t(`role.${role}`)}
          {implied && !checked && (
            <Badge bg="light" text="secondary" className="ms-2 fw-normal border">
              {t('impliedRole')}
            </Badge>
          )}
        </>
      }
    />
  );
}
