import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../platform/config.js';
import { AppIcon } from '../components/app-icon/AppIcon.js';
import { AppCounterBadge } from './menu/CounterBadge.js';
import { useVisibleApps } from '../platform/useVisibleApps.js';

/** /dashboard: a tile for every app the user can open (visible and built), large enough to tap on a handheld. */
export function Dashboard() {
  const { t } = useTranslation(['shell', 'apps']);
  const { warehouseName } = useConfig();
  const tiles = useVisibleApps().filter((app) => app.id !== 'dashboard');
  return (
    <div className="container-fluid p-2 p-sm-3" data-testid="dashboard">
      {warehouseName && <p className="text-body-secondary small mb-2">{warehouseName}</p>}
      {tiles.length === 0 ? (
        <p className="text-body-secondary">{t('shell:noApps')}</p>
      ) : (
        <ul className="row g-2 g-sm-3 list-unstyled mb-0 row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6">
          {tiles.map((app) => (
            <li key={app.id} className="col">
              <Link to={app.path} className="wms-tile" data-testid={`dashboard-tile-${app.id}`}>
                <AppIcon name={app.icon} />
                <span>{t(`apps:${app.titleKey}`)}</span>
                <span className="wms-tile-badge">
                  <AppCounterBadge path={app.path} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
