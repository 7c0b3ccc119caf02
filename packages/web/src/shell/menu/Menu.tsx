import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppDefinition } from '@wms/contract';
import { buildMenuGroups, filterMenuGroups } from './menu-model.js';
import { MenuGroup } from './MenuGroup.js';
import { MenuItem } from './MenuItem.js';
import { MenuSearch } from './MenuSearch.js';
import type { MenuState } from './useMenuState.js';

interface MenuProps {
  apps: readonly AppDefinition[];
  favorites: readonly string[];
  searchEnabled: boolean;
  state: MenuState;
  currentAppId: string | null;
  onNavigate: () => void;
  onOpenSubApp: (app: AppDefinition) => void;
}

/**
 * The left menu: search (optional), favourites, the dashboard, then expandable groups of the apps
 * the user can open. While searching, every group with a match is shown open.
 */
export function Menu({ apps, favorites, searchEnabled, state, currentAppId, onNavigate, onOpenSubApp }: MenuProps) {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const groups = useMemo(() => buildMenuGroups(apps, favorites), [apps, favorites]);
  const search = searchEnabled ? state.search : '';
  const shown = useMemo(() => filterMenuGroups(groups, search, (app) => t(app.titleKey)), [groups, search, t]);
  const searching = search.trim() !== '';

  const item = (app: AppDefinition, group: string) => (
    <MenuItem
      key={`${group}-${app.id}`}
      app={app}
      active={app.id === currentAppId}
      onNavigate={onNavigate}
      onOpenSubApp={onOpenSubApp}
    />
  );
  const openFirstMatch = () => {
    const first = shown[0]?.apps[0];
    if (!searching || !first) return;
    onNavigate();
    void navigate(first.path);
  };

  return (
    <div className="wms-menu d-flex flex-column w-100" data-testid="menu">
      {searchEnabled && (
        <MenuSearch
          value={state.search}
          onChange={state.setSearch}
          noMatches={searching && shown.length === 0}
          onSubmit={openFirstMatch}
        />
      )}
      {shown.map(({ group, apps: groupApps }) =>
        group === 'dashboard' ? (
          <nav key={group} className="nav flex-column" aria-label={t('groups.dashboard')}>
            {groupApps.map((app) => item(app, group))}
          </nav>
        ) : (
          <MenuGroup
            key={group}
            group={group}
            open={searching || group === 'favorites' || state.openGroups.has(group)}
            onToggle={searching || group === 'favorites' ? undefined : () => state.toggle(group)}
          >
            {groupApps.map((app) => item(app, group))}
          </MenuGroup>
        ),
      )}
    </div>
  );
}
