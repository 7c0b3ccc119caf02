import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

interface Props {
  permission: PermissionState | null;
  scanning: boolean;
  onEnable: () => Promise<void>;
}

/** NFC state on the login modal: a button when the permission is still to be asked, else a note. */
export function NfcButton({ permission, scanning, onEnable }: Props) {
  const { t } = useTranslation('login');
  if (scanning) return <span className="small text-success align-self-center">{t('nfc.listening')}</span>;
  if (permission === 'denied') return <span className="small text-danger align-self-center">{t('nfc.denied')}</span>;
  return (
    <Button variant="outline-secondary" size="sm" onClick={() => void onEnable()} data-testid="nfc-enable">
      {t('nfc.enable')}
    </Button>
  );
}
