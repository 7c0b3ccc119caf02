import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVisibleApps } from '../../platform/useVisibleApps.js';

/** The master data app (contract apps.ts: masterData). */
export const masterDataPath = '/setup/master_data';

/** The address that opens a record's edit form in the master data app (its ?tab= and ?edit=). */
export function masterDataEditPath(tab: 'items' | 'binLocations', code: string): string {
  return `${masterDataPath}?${new URLSearchParams({ tab, edit: code }).toString()}`;
}

interface MasterDataEditLinkProps {
  tab: 'items' | 'binLocations';
  code: string;
  className?: string;
}

/**
 * "Edit" beside an item or a location in item info and location info: opens the master data
 * app with the record's form. Shown only when the user may open that app (masterDataManager,
 * ERP type NONE, and the app is built): the server checks the writes all the same.
 */
export function MasterDataEditLink({ tab, code, className }: MasterDataEditLinkProps) {
  const { t } = useTranslation('masterData');
  const allowed = useVisibleApps().some((app) => app.id === 'masterData');
  if (!allowed) return null;
  return (
    <Link
      to={masterDataEditPath(tab, code)}
      className={`btn btn-sm btn-outline-secondary ${className ?? ''}`}
      data-testid="master-data-edit-link"
    >
      <i className="bi bi-pencil-square me-1" aria-hidden="true" />
      {t('editLink')}
    </Link>
  );
}
