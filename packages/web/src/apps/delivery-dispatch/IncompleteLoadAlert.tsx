import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';

interface Props {
  missing: readonly string[];
  onConfirm: () => void;
  onKeepLoading: () => void;
}

/** Close load with containers missing: the list, and a confirmation (the deliveries stay open). */
export function IncompleteLoadAlert({ missing, onConfirm, onKeepLoading }: Props) {
  const { t } = useTranslation('deliveryDispatch');
  return (
    <Alert variant="warning" className="mb-0" data-testid="dispatch-incomplete">
      <Alert.Heading className="h6">{t('incomplete.title')}</Alert.Heading>
      <p className="mb-1">{t('incomplete.text')}</p>
      <ul className="mb-2" data-testid="dispatch-missing">
        {missing.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="danger" onClick={onConfirm} onMouseDown={keepScannerFocus} data-testid="dispatch-close-anyway">
          {t('actions.closeAnyway')}
        </Button>
        <Button variant="outline-secondary" onClick={onKeepLoading} onMouseDown={keepScannerFocus}>
          {t('actions.keepLoading')}
        </Button>
      </div>
    </Alert>
  );
}
