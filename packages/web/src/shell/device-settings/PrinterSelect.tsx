import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useTranslation } from 'react-i18next';
import { browserPrinter, noPrinter, type PrinterChoice, type PrinterField } from '../../platform/device-config.js';
import { printTestPage } from './browser-features.js';

interface Props {
  field: PrinterField;
  value: PrinterChoice;
  onChange: (value: PrinterChoice) => void;
}

/**
 * One default printer: none (-1) or the browser's print dialog ('PERIPHERAL'); server printers
 * join the list once there is a printers API. Test prints a test page; without a printer it is
 * disabled and its tooltip says why.
 */
export function PrinterSelect({ field, value, onChange }: Props) {
  const { t } = useTranslation('device');
  const id = `device-${field}`;
  const canTest = value === browserPrinter;
  const test = (
    <Button
      variant="outline-secondary"
      disabled={!canTest}
      style={canTest ? undefined : { pointerEvents: 'none' }}
      onClick={() => printTestPage(t('printers.testPageTitle'), [t(`printers.${field}`), new Date().toLocaleString()])}
    >
      {t('test')}
    </Button>
  );
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t(`printers.${field}`)}</Form.Label>
      <InputGroup>
        <Form.Select
          value={String(value)}
          onChange={(event) => onChange(event.target.value === String(noPrinter) ? noPrinter : event.target.value)}
        >
          <option value={String(noPrinter)}>{t('printers.none')}</option>
          <option value={browserPrinter}>{t('printers.browser')}</option>
          {value !== noPrinter && value !== browserPrinter && <option value={String(value)}>{String(value)}</option>}
        </Form.Select>
        {canTest ? (
          test
        ) : (
          <OverlayTrigger overlay={<Tooltip id={`${id}-tip`}>{t('printers.testNeedsPrinter')}</Tooltip>}>
            <span className="d-inline-block" tabIndex={0}>
              {test}
            </span>
          </OverlayTrigger>
        )}
      </InputGroup>
    </Form.Group>
  );
}
