import { useQuery } from '@tanstack/react-query';
import type { User } from '@wms/contract';
import { useState, type ReactNode } from 'react';
import { Alert, Container, Nav, Spinner, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session.js';
import { ApiKeysTab } from './ApiKeysTab.js';
import { MenuSettingsTab } from './MenuSettingsTab.js';
import { RolesTab } from './RolesTab.js';
import { SettingsTab } from './SettingsTab.js';
import { UserPicker } from './UserPicker.js';
import { userQueries } from './queries.js';
import { useErrorText } from './useErrorText.js';

type TabId = 'settings' | 'menu' | 'roles' | 'apiKeys';

interface TabDefinition {
  id: TabId;
  title: string;
  content: ReactNode;
}

function tabsFor(user: User, manager: boolean, t: (key: string) => string): TabDefinition[] {
  const tabs: TabDefinition[] = [
    { id: 'settings', title: t('tab.settings'), content: <SettingsTab user={user} manager={manager} /> },
    { id: 'menu', title: t('tab.menu'), content: <MenuSettingsTab key={`${user.id}:${user.version}`} user={user} /> },
  ];
  if (manager)
    tabs.push({
      id: 'roles',
      title: t('tab.roles'),
      content: <RolesTab key={`${user.id}:${user.version}`} user={user} />,
    });
  tabs.push({ id: 'apiKeys', title: t('tab.apiKeys'), content: <ApiKeysTab key={user.id} userId={user.id} /> });
  return tabs;
}

/**
 * /user/settings: settings, menu favourites, roles (userManager) and API
 * keys. A userManager picks the user to edit; everyone else edits themself. A single tab is shown
 * without tab headers.
 */
export function UserSettingsApp() {
  const { t } = useTranslation('userSettings');
  const errorText = useErrorText();
  const session = useSession();
  const manager = session.hasRole('userManager');
  const ownId = session.me?.user.id ?? 0;
  const [pickedId, setPickedId] = useState(ownId);
  const userId = manager ? pickedId : ownId;
  const user = useQuery({ ...userQueries.detail(userId), enabled: userId > 0 });
  const [active, setActive] = useState<TabId>('settings');

  const tabs = user.data ? tabsFor(user.data, manager, t) : [];
  const shown = tabs.find((tab) => tab.id === active) ?? tabs[0];
  return (
    <Container fluid="lg" className="py-3" data-testid="user-settings">
      {/* The title bar names the app; the heading is for screen readers. */}
      <h1 className="visually-hidden">{t('title')}</h1>
      {manager && <UserPicker value={userId} onChange={setPickedId} />}
      {user.isPending && <Spinner role="status" aria-label={t('common:loading')} />}
      {user.isError && <Alert variant="danger">{errorText(user.error)}</Alert>}
      {tabs.length === 1 && shown?.content}
      {tabs.length > 1 && shown && (
        <Tab.Container activeKey={shown.id} onSelect={(key) => key && setActive(key as TabId)}>
          <Nav variant="underline" className="mb-3 column-gap-3 row-gap-1 flex-wrap border-bottom" role="tablist">
            {tabs.map((tab) => (
              <Nav.Item key={tab.id}>
                <Nav.Link eventKey={tab.id} data-testid={`tab-${tab.id}`}>
                  {tab.title}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <Tab.Content>
            {tabs.map((tab) => (
              <Tab.Pane key={tab.id} eventKey={tab.id} mountOnEnter unmountOnExit>
                {tab.content}
              </Tab.Pane>
            ))}
          </Tab.Content>
        </Tab.Container>
      )}
    </Container>
  );
}
