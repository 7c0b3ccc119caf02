import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../platform/notifications.js';
import {
  pwaDisplayModes,
  readPwaDisplayMode,
  registerServiceWorkerNow,
  savePwaDisplayMode,
  serviceWorkerSupported,
  unregisterAllServiceWorkers,
  unregisterServiceWorker,
  updateServiceWorker,
  type PwaDisplayMode,
} from '../../platform/service-worker.js';
import { ScaleSettings } from './ScaleSettings.js';

type Action = () => Promise<string>;

/** PWA display mode (applies when the app is installed next) and the service worker buttons. */
export function ActionsTab() {
  const { t } = useTranslation('device');
  const [mode, setMode] = useState<PwaDisplayMode>(readPwaDisplayMode);
  const [busy, setBusy] = useState(false);
  const supported = serviceWorkerSupported();

  const run = (action: Action) => {
    setBusy(true);
    action()
      .then(
        (key) => notify('success', `device:${key}`),
        (error: unknown) => notify('danger', 'device:serviceWorker.failed', { reason: String(error) }),
      )
      .finally(() => setBusy(false));
  };

  const actions: { key: string; action: Action }[] = [
    {
      key: 'unregisterAll',
      action: async () => ((await unregisterAllServiceWorkers()) ? 'serviceWorker.unregistered' : 'serviceWorker.none'),
    },
    {
      key: 'unregister',
      action: async () => ((await unregisterServiceWorker()) ? 'serviceWorker.unregistered' : 'serviceWorker.none'),
    },
    { key: 'register', action: async () => (await registerServiceWorkerNow(), 'serviceWorker.registered') },
    {
      key: 'update',
      action: async () => ((await updateServiceWorker()) ? 'serviceWorker.updated' : 'serviceWorker.none'),
    },
  ];

  return (
    <>
      <Form.Group className="mb-4">
        <Form.Label as="h2" className="h6">
          {t('pwa.displayMode')}
        </Form.Label>
        {pwaDisplayModes.map((candidate) => (
          <Form.Check
            key={candidate}
            type="radio"
            id={`pwa-${candidate}`}
            name="pwa-display-mode"
            label={t(`pwa.${candidate}`)}
            checked={mode === candidate}
            onChange={() => {
              setMode(candidate);
              savePwaDisplayMode(candidate);
            }}
          />
        ))}
        <Form.Text>{t('pwa.appliesAtInstall')}</Form.Text>
      </Form.Group>
      <h2 className="h6">{t('serviceWorker.title')}</h2>
      {!supported && <p className="text-body-secondary small">{t('serviceWorker.unsupported')}</p>}
      <div className="d-flex flex-wrap gap-2">
        {actions.map(({ key, action }) => (
          <Button key={key} variant="outline-secondary" disabled={!supported || busy} onClick={() => run(action)}>
            {t(`serviceWorker.${key}`)}
          </Button>
        ))}
      </div>
      <ScaleSettings />
    </>
  );
}
