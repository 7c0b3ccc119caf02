import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';

/** 'Could not load specializations': the app continues without them. */
export function SpecializationFailedAlert() {
  const { t } = useTranslation('common');
  const [show, setShow] = useState(true);
  if (!show) return null;
  return (
    <Alert
      variant="danger"
      dismissible
      onClose={() => setShow(false)}
      className="position-fixed top-0 start-50 translate-middle-x mt-2"
      style={{ zIndex: 2100, maxWidth: 'calc(100vw - 1rem)' }}
      data-testid="specialization-failed"
    >
      {t('couldNotLoadSpecializations')}
    </Alert>
  );
}
