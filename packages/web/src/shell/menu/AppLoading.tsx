import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** Shown while an app's code is loading. */
export function AppLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex justify-content-center p-4" role="status" aria-live="polite">
      <Spinner animation="border" size="sm" className="me-2" />
      <span>{t('loading')}</span>
    </div>
  );
}
