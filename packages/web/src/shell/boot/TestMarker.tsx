import { useTranslation } from 'react-i18next';

/** Fixed corner badge shown when the server runs with runtime type TEST. */
export function TestMarker() {
  const { t } = useTranslation('common');
  return (
    <span
      className="badge text-bg-warning position-fixed bottom-0 start-0 m-1 opacity-75"
      style={{ zIndex: 2000, pointerEvents: 'none' }}
      data-testid="test-marker"
    >
      {t('testMarker')}
    </span>
  );
}
