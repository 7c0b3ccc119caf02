import { apps, expandRoles, roles as allRoles, type Role, type User } from '@wms/contract';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session.js';
import { RoleSwitch } from './RoleSwitch.js';
import { roleSections } from './role-sections.js';
import { useErrorText } from './useErrorText.js';
import { useUpdateUser } from './useUpdateUser.js';

const sections = roleSections(apps);

/**
 * The roles of the user being edited (userManager): general toggles, then per app its role and
 * authorisations. A role the signed-in user does not hold can not be granted (only removed).
 */
export function RolesTab({ user }: { user: User }) {
  const { t } = useTranslation(['userSettings', 'apps']);
  const errorText = useErrorText();
  const { me } = useSession();
  const update = useUpdateUser(user.id, 'userSettings:rolesSaved');
  const [draft, setDraft] = useState<ReadonlySet<Role>>(() => new Set(user.roles));
  const expanded = useMemo(() => new Set(expandRoles([...draft])), [draft]);
  const callerRoles = useMemo(() => new Set(me?.expandedRoles ?? []), [me]);
  const changed = draft.size !== user.roles.length || user.roles.some((role) => !draft.has(role));

  const handleChange = (role: Role, checked: boolean) =>
    setDraft((old) => {
      const next = new Set(old);
      if (checked) next.add(role);
      else next.delete(role);
      return next;
    });
  const roleSwitch = (role: Role) => (
    <RoleSwitch
      key={role}
      role={role}
      checked={draft.has(role)}
      implied={expanded.has(role)}
      disabled={!callerRoles.has(role) && !user.roles.includes(role)}
      onChange={handleChange}
    />
  );
  const save = () => update.mutate({ newRoles: allRoles.filter((role) => draft.has(role)) });

  return (
    <div data-testid="roles-tab">
      <h2 className="h5">{t('generalRoles')}</h2>
      <Card body className="mb-4">
        <Row xs={1} md={2} xl={3}>
          {sections.general.map((role) => (
            <Col key={role}>{roleSwitch(role)}</Col>
          ))}
        </Row>
      </Card>
      <h2 className="h5">{t('appRoles')}</h2>
      <Row xs={1} md={2} xl={3} className="g-3 mb-3">
        {sections.apps.map((section) => (
          <Col key={section.appRole}>
            <Card className="h-100" data-testid={`app-roles-${section.appRole}`}>
              <Card.Header className="py-2">
                {roleSwitch(section.appRole)}
                <small className="text-body-secondary d-block">
                  {section.appTitleKeys.map((key) => t(`apps:${key}`)).join(', ')}
                </small>
              </Card.Header>
              {section.authorizations.length > 0 && (
                <Card.Body className="py-2">{section.authorizations.map(roleSwitch)}</Card.Body>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      {update.isError && (
        <Alert variant="danger" data-testid="roles-error">
          {errorText(update.error)}
        </Alert>
      )}
      <div className="d-grid d-sm-block position-sticky bottom-0 bg-body py-2">
        <Button onClick={save} disabled={!changed || update.isPending} data-testid="save-roles">
          {update.isPending && <Spinner size="sm" className="me-2" />}
          {t('saveRoles')}
        </Button>
      </div>
    </div>
  );
}
