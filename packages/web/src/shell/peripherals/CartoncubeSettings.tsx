import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import {
  cartoncubeDriverChoices,
  cartoncubeFieldRanges,
  cartoncubeUrlMaxLength,
  effectiveCartoncubeDriver,
  loadCartoncubeConfig,
  parseCartoncubeNumber,
  parseCartoncubeUrl,
  saveCartoncubeConfig,
  type CartoncubeConfig,
  type CartoncubeDriverChoice,
  type CartoncubeNumberField,
} from '../../handheld/peripherals/cartoncube-config.js';
import type { CartoncubeMeasurement } from '../../handheld/peripherals/cartoncube-driver.js';
import { cartoncubeManager, type CartoncubeManager } from '../../handheld/peripherals/cartoncube-manager.js';
import { toScaleError, type ScaleError } from '../../handheld/peripherals/scale-errors.js';
import { useCartoncubeConnected, useCartoncubeRuntimeType } from '../../handheld/peripherals/useCartoncube.js';
import { useConfig } from '../../platform/config.js';

type Result = { measured: CartoncubeMeasurement } | { error: ScaleError } | null;

const parcelcubeFields: CartoncubeNumberField[] = [
  'dimensionMultiplier',
  'heightCorrection',
  'weightMultiplier',
  'weightCorrection',
];
const testFields: CartoncubeNumberField[] = ['testLengthInMm', 'testWidthInMm', 'testHeightInMm', 'testWeight'];

/**
 * The cartoncube's maintenance panel: driver (AUTO, PARCELCUBE, TEST); PARCELCUBE's device URL,
 * multipliers and corrections; the TEST carton; Connect or Disconnect, and Test, which measures and
 * shows the carton or the error. Valid values are stored at once (wms.cartoncubeConfig).
 */
export function CartoncubeSettings({ manager = cartoncubeManager }: { manager?: CartoncubeManager }) {
  const { t, i18n } = useTranslation('device');
  const { runtimeType } = useConfig();
  useCartoncubeRuntimeType(manager);
  const connected = useCartoncubeConnected(manager);
  const [config, setConfig] = useState<CartoncubeConfig>(loadCartoncubeConfig);
  const [texts, setTexts] = useState<Record<string, string>>(() => {
    const numbers = Object.fromEntries(
      testFields.concat(parcelcubeFields).map((field) => [field, String(config[field])]),
    );
    return { ...numbers, url: config.url };
  });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const driver = effectiveCartoncubeDriver(config.driver, runtimeType);
  const fields = driver === 'TEST' ? testFields : parcelcubeFields;
  const fieldValid = (field: CartoncubeNumberField) =>
    parseCartoncubeNumber(texts[field], cartoncubeFieldRanges[field]) !== null;
  const urlValid = parseCartoncubeUrl(texts.url) !== null;
  const valid = fields.every(fieldValid) && (driver === 'TEST' || urlValid);

  const update = (patch: Partial<CartoncubeConfig>) => {
    const next = { ...config, ...patch };
    setConfig(next);
    saveCartoncubeConfig(next);
    manager.refresh();
    setResult(null);
  };
  const run = (action: () => Promise<CartoncubeMeasurement | null>) => {
    setBusy(true);
    setResult(null);
    action()
      .then(
        (measured) => setResult(measured ? { measured } : null),
        (error: unknown) => setResult({ error: toScaleError(error) }),
      )
      .finally(() => setBusy(false));
  };

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (
    <section className="mt-4" data-testid="cartoncube-settings">
      <h2 className="h6 d-flex align-items-center gap-2">
        {t('cartoncube.title')}
        <Badge bg={connected ? 'success' : 'secondary'}>
          {connected ? t('scale.connected') : t('scale.notConnected')}
        </Badge>
      </h2>
      <Form.Group className="mb-3" controlId="cartoncube-driver">
        <Form.Label>{t('cartoncube.driver')}</Form.Label>
        <Form.Select
          value={config.driver}
          onChange={(event) => update({ driver: event.target.value as CartoncubeDriverChoice })}
        >
          {cartoncubeDriverChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`cartoncube.drivers.${choice}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {driver === 'PARCELCUBE' ? (
        <Form.Group className="mb-3" controlId="cartoncube-url">
          <Form.Label>{t('cartoncube.url')}</Form.Label>
          <Form.Control
            value={texts.url}
            maxLength={cartoncubeUrlMaxLength}
            isInvalid={!urlValid}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setTexts({ ...texts, url: event.target.value });
              const url = parseCartoncubeUrl(event.target.value);
              if (url) update({ url });
            }}
          />
          <Form.Control.Feedback type="invalid">{t('cartoncube.invalidUrl')}</Form.Control.Feedback>
          <Form.Text>{t('cartoncube.urlHelp')}</Form.Text>
        </Form.Group>
      ) : null}
      {fields.map((field) => (
        <Form.Group key={field} className="mb-3" controlId={`cartoncube-${field}`}>
          <Form.Label>{t(`cartoncube.fields.${field}`)}</Form.Label>
          <Form.Control
            value={texts[field]}
            inputMode="decimal"
            isInvalid={!fieldValid(field)}
            onChange={(event) => {
              setTexts({ ...texts, [field]: event.target.value });
              const value = parseCartoncubeNumber(event.target.value, cartoncubeFieldRanges[field]);
              if (value !== null) update({ [field]: value });
            }}
          />
          <Form.Control.Feedback type="invalid">
            {t('cartoncube.invalidNumber', cartoncubeFieldRanges[field])}
          </Form.Control.Feedback>
        </Form.Group>
      ))}
      <div className="d-flex flex-wrap gap-2 mb-3">
        {connected ? (
          <Button variant="outline-secondary" size="lg" disabled={busy} onClick={() => manager.disconnect()}>
            {t('scale.disconnect')}
          </Button>
        ) : (
          <Button
            variant="outline-primary"
            size="lg"
            disabled={busy || !valid}
            onClick={() => run(async () => (await manager.connect(), null))}
          >
            {t('scale.connect')}
          </Button>
        )}
        <Button
          variant="primary"
          size="lg"
          disabled={busy || !valid}
          onClick={() => run(() => manager.measure())}
          data-testid="cartoncube-test"
        >
          {t('test')}
        </Button>
      </div>
      {result && 'measured' in result && (
        <Alert variant="success" className="py-2" data-testid="cartoncube-measured">
          {t('cartoncube.measured', {
            length: result.measured.lengthInMm,
            width: result.measured.widthInMm,
            height: result.measured.heightInMm,
            weight: result.measured.weightInMg === null ? '-' : number.format(result.measured.weightInMg / 1e6),
          })}
        </Alert>
      )}
      {result && 'error' in result && (
        <Alert variant="danger" className="py-2" data-testid="cartoncube-error">
          {t(result.error.key, result.error.args)}
        </Alert>
      )}
    </section>
  );
}
