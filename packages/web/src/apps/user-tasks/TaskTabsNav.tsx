import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The general, users and buttons tabs of the task and template forms, with their counts. */
export function TaskTabsNav({
  testIdPrefix,
  users,
  buttons,
}: {
  testIdPrefix: string;
  users: number;
  buttons: number;
}) {
  const { t } = useTranslation('userTasks');
  return (
    <Nav variant="underline" className="mb-3 column-gap-3 flex-nowrap overflow-auto">
      <Nav.Item>
        <Nav.Link eventKey="general">{t('tab.general')}</Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link eventKey="users" data-testid={`${testIdPrefix}-tab-users`}>
          {t('tab.users')} ({users})
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link eventKey="buttons" data-testid={`${testIdPrefix}-tab-buttons`}>
          {t('tab.buttons')} ({buttons})
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
