import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { findAppByPath, type AppDefinition } from '@wms/contract';
import { ObjectDialogHost } from '../components/object-dialogs/ObjectDialogHost.js';
import { useDeviceConfig } from '../platform/device-config.js';
import { mediaMatches } from '../platform/media-query.js';
import { useSession } from '../platform/session.js';
import { TranslationEditingHost } from './TranslationEditingHost.js';
import { AppRoutes } from './AppRoutes.js';
import { SubAppModal } from './SubAppModal.js';
import { TitleBar } from './TitleBar.js';
import { useFullscreenOnFirstInteraction } from './gestures/fullscreen.js';
import { useMenuSwipe } from './gestures/useMenuSwipe.js';
import { Menu } from './menu/Menu.js';
import { SideMenu } from './menu/SideMenu.js';
import { useMenuShortcut } from './menu/useMenuShortcut.js';
import { useMenuState } from './menu/useMenuState.js';
import { useVisibleApps } from '../platform/useVisibleApps.js';
import './menu/shell.css';
import './touch-targets.css';

/** From lg (992 px) up the menu is a fixed column, below it an offcanvas. */
const largeScreen = '(min-width: 992px)';
const isLargeScreen = () => mediaMatches(largeScreen);

/**
 * The application shell: title bar, left menu, the routed app, the sub-app
 * modal; menu swipe, menu shortcut and fullscreen on first interaction.
 */
export function Shell() {
  const { me } = useSession();
  const { config: device } = useDeviceConfig();
  const { pathname } = useLocation();
  const apps = useVisibleApps();
  const current = useMemo(() => findAppByPath(apps, pathname) ?? null, [apps, pathname]);
  const settings = me?.settings;

  const [menuOpen, setMenuOpen] = useState(false);
  const [menuCollapsed, setMenuCollapsed] = useState(false);
  const [subApp, setSubApp] = useState<AppDefinition | null>(null);
  const menu = useMenuState(settings?.menuOnlyOneOpenAtOnce ?? false, current?.group ?? null);

  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleMenu = useCallback(() => {
    if (isLargeScreen()) setMenuCollapsed((collapsed) => !collapsed);
    else setMenuOpen((open) => !open);
  }, []);

  useMenuSwipe(menuOpen, openMenu, closeMenu);
  useMenuShortcut(settings?.menuToggleShortcutKey, toggleMenu);
  useFullscreenOnFirstInteraction(device.goFullscreenOnFirstInteraction);

  const { reveal } = menu;
  const currentGroup = current?.group;
  useEffect(() => {
    if (currentGroup) reveal(currentGroup);
  }, [currentGroup, reveal]);

  const openSubApp = useCallback((app: AppDefinition) => {
    setMenuOpen(false);
    setSubApp(app);
  }, []);

  return (
    <div className="wms-shell">
      <TitleBar app={current} menuShown={isLargeScreen() ? !menuCollapsed : menuOpen} onToggleMenu={toggleMenu} />
      <div className="wms-shell-body">
        <SideMenu show={menuOpen} onHide={closeMenu} collapsed={menuCollapsed}>
          <Menu
            apps={apps}
            favorites={settings?.menuFavorites ?? []}
            searchEnabled={settings?.enableSearchForMenu ?? true}
            state={menu}
            currentAppId={current?.id ?? null}
            onNavigate={closeMenu}
            onOpenSubApp={openSubApp}
          />
        </SideMenu>
        <main className="wms-shell-content" data-testid="app-content">
          <AppRoutes apps={apps} />
        </main>
      </div>
      <SubAppModal app={subApp} onClose={() => setSubApp(null)} />
      <ObjectDialogHost />
      <TranslationEditingHost />
    </div>
  );
}
