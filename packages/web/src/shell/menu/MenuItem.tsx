import type { AppDefinition } from '@wms/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useItemSwipe } from '../gestures/useItemSwipe.js';
import { AppIcon } from '../../components/app-icon/AppIcon.js';
import { AppCounterBadge } from './CounterBadge.js';

interface MenuItemProps {
  app: AppDefinition;
  active: boolean;
  onNavigate: () => void;
  onOpenSubApp: (app: AppDefinition) => void;
}

/** One app in the menu: a link with icon, title and counter; apps allowed as sub-apps open in a modal when swiped right. */
export function MenuItem({ app, active, onNavigate, onOpenSubApp }: MenuItemProps) {
  const { t } = useTranslation('apps');
  const swipe = useItemSwipe(() => onOpenSubApp(app), app.allowedAsSubApp === true);
  return (
    <Link
      to={app.path}
      className={`nav-link wms-menu-item d-flex align-items-center gap-2${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-testid={`menu-item-${app.id}`}
      data-sub-app={app.allowedAsSubApp ? 'true' : undefined}
      draggable={false}
      onClick={onNavigate}
      {...swipe}
    >
      <AppIcon name={app.icon} className="wms-menu-icon" />
      <span className="text-truncate">{t(app.titleKey)}</span>
      <AppCounterBadge path={app.path} />
    </Link>
  );
}
