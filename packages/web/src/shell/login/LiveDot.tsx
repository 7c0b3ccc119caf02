import { useTranslation } from 'react-i18next';
import { useLiveConnected } from '../../platform/live.js';

/** Green when the device socket is connected, red when not. */
export function LiveDot() {
  const { t } = useTranslation('common');
  const connected = useLiveConnected();
  const label = connected ? t('connected') : t('disconnected');
  return (
    <span
      className={`d-inline-block rounded-circle ${connected ? 'bg-success' : 'bg-danger'}`}
      style={{ width: '0.75rem', height: '0.75rem' }}
      role="img"
      aria-label={label}
      title={label}
      data-testid="live-dot"
      data-connected={connected}
    />
  );
}
