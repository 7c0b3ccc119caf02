import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppDefinition } from '@wms/contract';
import { AppIcon } from '../components/app-icon/AppIcon.js';
import { UserDropdown } from './UserDropdown.js';

interface TitleBarProps {
  /** The app of the current route; null: unknown app. */
  app: AppDefinition | null;
  menuShown: boolean;
  onToggleMenu: () => void;
}

/** React Router keeps the history index in history.state; 0 means nothing to go back to. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * The bar above every app: menu toggle, the app's name and the user dropdown. Clicking the name
 * goes to /dashboard from a top-level app (or an unknown one), otherwise one step back.
 */
export function TitleBar({ app, menuShown, onToggleMenu }: TitleBarProps) {
  const { t } = useTranslation(['shell', 'apps', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = app ? t(`apps:${app.titleKey}`) : t('common:unknownAppName');
  const topLevel = !app || pathname.replace(/\/+$/, '') === app.path;

  const onTitleClick = () => {
    if (topLevel) void navigate('/dashboard');
    else if (canGoBack()) void navigate(-1);
    else void navigate(app.path);
  };

  return (
    <header className="wms-title-bar navbar navbar-dark bg-dark flex-nowrap px-2 gap-1" data-bs-theme="dark">
      <button
        type="button"
        className="btn btn-outline-light border-0 wms-title-button"
        aria-label={t('shell:toggleMenu')}
        aria-expanded={menuShown}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      >
        <AppIcon name="list" />
      </button>
      <h1 className="h5 mb-0 flex-grow-1 text-truncate min-w-0">
        <button
          type="button"
          className="btn btn-link text-white text-decoration-none p-0 mw-100 text-truncate wms-app-title"
          onClick={onTitleClick}
          title={topLevel ? t('shell:toDashboard') : t('shell:back')}
          data-testid="app-title"
          data-unknown-app={app ? undefined : 'true'}
        >
          {!topLevel && <AppIcon name="chevron-left" className="me-1" />}
          {title}
        </button>
      </h1>
      <UserDropdown />
    </header>
  );
}
