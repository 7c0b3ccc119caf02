import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { browserPrinter, noPrinter, type PrinterChoice, type PrinterField } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { printTestPage } from './browser-features.js';
import { printerQueries, printServerTestLabel } from '../../components/printer-choice/printer-queries.js';

interface Props {
  field: PrinterField;
  value: PrinterChoice;
  onChange: (value: PrinterChoice) => void;
}

/**
 * One default printer: none (-1), the browser's print dialog ('PERIPHERAL'), or one of the
 * server's printers (its id). Test prints a test page in the browser, or the server's test label
 * on a server printer; without a printer it is disabled and its tooltip says why.
 */
export function PrinterSelect({ field, value, onChange }: Props) {
  const { t } = useTranslation('device');
  const printers = useQuery(printerQueries.available()).data ?? [];
  const id = `device-${field}`;
  const canTest = value !== noPrinter;
  const known = value === noPrinter || value === browserPrinter || printers.some((p) => p.id === value);
  const handleTest = () => {
    if (value === browserPrinter) {
      printTestPage(t('printers.testPageTitle'), [t(`printers.${field}`), new Date().toLocaleString()]);
      return;
    }
    // Failures are shown by the HTTP client with the server's key (printerUnreachable, ...).
    printServerTestLabel(Number(value)).then(
      (answer) => notify('success', 'device:printers.testSent', { printer: answer.printer }),
      () => undefined,
    );
  };
  const test = (
    <Button
      variant="outline-secondary"
      disabled={!canTest}
      style={canTest ? undefined : { pointerEvents: 'none' }}
      onClick={handleTest}
    >
      {t('test')}
    </Button>
  );
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t(`printers.${field}`)}</Form.Label>
      <InputGroup>
        <Form.Select value={String(value)} onChange={(event) => onChange(choiceOf(event.target.value))}>
          <option value={String(noPrinter)}>{t('printers.none')}</option>
          <option value={browserPrinter}>{t('printers.browser')}</option>
          {printers.map((printer) => (
            <option key={printer.id} value={String(printer.id)}>
              {printer.name}
            </option>
          ))}
          {!known && <option value={String(value)}>{String(value)}</option>}
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

/** A select value as a stored choice: server printers by numeric id. */
function choiceOf(value: string): PrinterChoice {
  if (value === browserPrinter) return browserPrinter;
  const number = Number(value);
  return Number.isInteger(number) ? number : value;
}
