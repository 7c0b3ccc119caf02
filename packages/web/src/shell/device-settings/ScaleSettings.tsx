import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../platform/config.js';
import {
  effectiveScaleDriver,
  loadScaleConfig,
  normalizeBluetoothUuid,
  parseTestWeight,
  saveScaleConfig,
  scaleCommandMaxLength,
  scaleDriverChoices,
  type ScaleConfig,
  type ScaleDriverChoice,
} from '../../handheld/peripherals/scale-config.js';
import { toScaleError, type ScaleError } from '../../handheld/peripherals/scale-errors.js';
import { scaleManager, type ScaleManager } from '../../handheld/peripherals/scale-manager.js';
import { useScaleConnected, useScaleRuntimeType } from '../../handheld/peripherals/useScaleService.js';
import { navigatorBluetooth } from '../../handheld/peripherals/web-bluetooth.js';

type Result = { weight: number } | { error: ScaleError } | null;

/**
 * The scale's maintenance panel: driver (AUTO, Bluetooth, TEST), the Bluetooth
 * service, characteristic and command, the TEST weight, Connect or Disconnect, and Test, which
 * reads a weight and shows it or the error. Valid settings are stored at once (wms.scaleConfig),
 * like the display mode above; they are not part of the device config the dialog saves.
 */
export function ScaleSettings({ manager = scaleManager }: { manager?: ScaleManager }) {
  const { t, i18n } = useTranslation('device');
  const { runtimeType } = useConfig();
  useScaleRuntimeType(manager);
  const connected = useScaleConnected(manager);
  const [config, setConfig] = useState<ScaleConfig>(loadScaleConfig);
  const [serviceText, setServiceText] = useState(config.serviceUuid);
  const [characteristicText, setCharacteristicText] = useState(config.characteristicUuid);
  const [weightText, setWeightText] = useState(String(config.testWeight));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const driver = effectiveScaleDriver(config.driver, runtimeType);
  const serviceValid = normalizeBluetoothUuid(serviceText) !== null;
  const characteristicValid = normalizeBluetoothUuid(characteristicText) !== null;
  const weightValid = parseTestWeight(weightText) !== null;
  const valid = driver === 'TEST' ? weightValid : serviceValid && characteristicValid;

  const update = (patch: Partial<ScaleConfig>) => {
    const next = { ...config, ...patch };
    setConfig(next);
    saveScaleConfig(next);
    manager.refresh();
    setResult(null);
  };

  const run = (action: () => Promise<number | null>) => {
    setBusy(true);
    setResult(null);
    action()
      .then(
        (weight) => setResult(weight === null ? null : { weight }),
        (error: unknown) => setResult({ error: toScaleError(error) }),
      )
      .finally(() => setBusy(false));
  };
  const connect = () => run(async () => (await manager.connect(), null));
  const test = () => run(async () => (await manager.read()).weight);
  const disconnect = () => {
    manager.disconnect();
    setResult(null);
  };

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (
    <section className="mt-4" data-testid="scale-settings">
      <h2 className="h6 d-flex align-items-center gap-2">
        {t('scale.title')}
        <Badge bg={connected ? 'success' : 'secondary'} data-testid="scale-status">
          {connected ? t('scale.connected') : t('scale.notConnected')}
        </Badge>
      </h2>
      <Form.Group className="mb-3" controlId="scale-driver">
        <Form.Label>{t('scale.driver')}</Form.Label>
        <Form.Select
          value={config.driver}
          onChange={(event) => update({ driver: event.target.value as ScaleDriverChoice })}
        >
          {scaleDriverChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`scale.drivers.${choice}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {driver === 'BLUETOOTH' ? (
        <>
          {!navigatorBluetooth() && (
            <Alert variant="warning" className="py-2">
              {t('scale.bluetoothUnavailable')}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="scale-service">
            <Form.Label>{t('scale.serviceUuid')}</Form.Label>
            <Form.Control
              value={serviceText}
              isInvalid={!serviceValid}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setServiceText(event.target.value);
                const uuid = normalizeBluetoothUuid(event.target.value);
                if (uuid) update({ serviceUuid: uuid });
              }}
            />
            <Form.Control.Feedback type="invalid">{t('scale.invalidUuid')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="scale-characteristic">
            <Form.Label>{t('scale.characteristicUuid')}</Form.Label>
            <Form.Control
              value={characteristicText}
              isInvalid={!characteristicValid}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setCharacteristicText(event.target.value);
                const uuid = normalizeBluetoothUuid(event.target.value);
                if (uuid) update({ characteristicUuid: uuid });
              }}
            />
            <Form.Control.Feedback type="invalid">{t('scale.invalidUuid')}</Form.Control.Feedback>
            <Form.Text>{t('scale.uuidHelp')}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="scale-command">
            <Form.Label>{t('scale.command')}</Form.Label>
            <Form.Control
              value={config.command}
              maxLength={scaleCommandMaxLength}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => update({ command: event.target.value })}
            />
            <Form.Text>{t('scale.commandHelp')}</Form.Text>
          </Form.Group>
        </>
      ) : (
        <Form.Group className="mb-3" controlId="scale-test-weight">
          <Form.Label>{t('scale.testWeight')}</Form.Label>
          <Form.Control
            value={weightText}
            inputMode="decimal"
            isInvalid={!weightValid}
            onChange={(event) => {
              setWeightText(event.target.value);
              const weight = parseTestWeight(event.target.value);
              if (weight !== null) update({ testWeight: weight });
            }}
          />
          <Form.Control.Feedback type="invalid">{t('scale.invalidWeight')}</Form.Control.Feedback>
        </Form.Group>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        {connected ? (
          <Button variant="outline-secondary" size="lg" disabled={busy} onClick={disconnect}>
            {t('scale.disconnect')}
          </Button>
        ) : (
          <Button variant="outline-primary" size="lg" disabled={busy || !valid} onClick={connect}>
            {t('scale.connect')}
          </Button>
        )}
        <Button variant="primary" size="lg" disabled={busy || !valid} onClick={test} data-testid="scale-test">
          {t('test')}
        </Button>
      </div>
      {result && 'weight' in result && (
        <Alert variant="success" className="py-2" data-testid="scale-weight">
          {t('scale.weight', { weight: number.format(result.weight) })}
        </Alert>
      )}
      {result && 'error' in result && (
        <Alert variant="danger" className="py-2" data-testid="scale-error">
          {t(result.error.key, result.error.args)}
        </Alert>
      )}
    </section>
  );
}
