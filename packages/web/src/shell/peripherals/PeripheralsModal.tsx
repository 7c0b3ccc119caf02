import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { toScaleError } from '../../handheld/peripherals/scale-errors.js';
import { scaleManager, type ScaleManager } from '../../handheld/peripherals/scale-manager.js';
import { useScaleConnected, useScaleRuntimeType } from '../../handheld/peripherals/useScaleService.js';
import { notify } from '../../platform/notifications.js';
import { ScaleSettings } from '../device-settings/ScaleSettings.js';
import { addScale, deletePeripheral, loadSavedPeripherals, type SavedPeripheral } from './saved-peripherals.js';

interface PeripheralsModalProps {
  onHide: () => void;
  manager?: ScaleManager;
}

/**
 * The peripherals manager of the user dropdown: a full-screen dialog listing
 * the peripherals saved on this device with Connect, Disconnect, Maintenance (its settings panel)
 * and Delete, which asks 'Are you sure?' first. The scale is the one peripheral with a driver.
 */
export function PeripheralsModal({ onHide, manager = scaleManager }: PeripheralsModalProps) {
  const { t } = useTranslation(['device', 'common']);
  useScaleRuntimeType(manager);
  const connected = useScaleConnected(manager);
  const [saved, setSaved] = useState<SavedPeripheral[]>(() => loadSavedPeripherals());
  const [maintained, setMaintained] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const reload = () => setSaved(loadSavedPeripherals());
  const connect = () => {
    setBusy(true);
    manager
      .connect()
      .then(
        () => notify('success', 'device:peripheralsManager.connectedMessage'),
        (error: unknown) => {
          const failure = toScaleError(error);
          notify('danger', failure.key, failure.args);
        },
      )
      .finally(() => setBusy(false));
  };
  const remove = () => {
    manager.disconnect();
    deletePeripheral('scale');
    manager.refresh();
    setDeleting(false);
    setMaintained(false);
    reload();
    notify('success', 'device:peripheralsManager.deleted');
  };

  return (
    <Modal show fullscreen onHide={onHide} data-testid="peripherals-manager">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title>{t('device:peripheralsManager.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {saved.length === 0 ? (
          <div className="d-flex flex-column align-items-start gap-3" data-testid="peripherals-empty">
            <p className="text-body-secondary mb-0">{t('device:peripheralsManager.none')}</p>
            <Button
              size="lg"
              onClick={() => {
                addScale();
                manager.refresh();
                reload();
                setMaintained(true);
              }}
              data-testid="peripheral-add-scale"
            >
              {t('device:peripheralsManager.addScale')}
            </Button>
          </div>
        ) : (
          <ListGroup>
            {saved.map((peripheral) => (
              <ListGroup.Item key={peripheral.usage} data-testid={`peripheral-${peripheral.usage}`}>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <div className="flex-grow-1">
                    <div className="fw-semibold">{t(`device:peripheralsManager.usage.${peripheral.usage}`)}</div>
                    <small className="text-body-secondary">{t(`device:scale.drivers.${peripheral.driver}`)}</small>
                  </div>
                  <Badge bg={connected ? 'success' : 'secondary'} data-testid="peripheral-status">
                    {connected ? t('device:scale.connected') : t('device:scale.notConnected')}
                  </Badge>
                </div>
                <div className="d-flex flex-wrap gap-2 mt-2">
                  {connected ? (
                    <Button
                      variant="outline-secondary"
                      onClick={() => manager.disconnect()}
                      data-testid="peripheral-disconnect"
                    >
                      {t('device:scale.disconnect')}
                    </Button>
                  ) : (
                    <Button
                      variant="outline-primary"
                      disabled={busy}
                      onClick={connect}
                      data-testid="peripheral-connect"
                    >
                      {t('device:scale.connect')}
                    </Button>
                  )}
                  <Button
                    variant="outline-secondary"
                    aria-expanded={maintained}
                    onClick={() => {
                      reload();
                      setMaintained((shown) => !shown);
                    }}
                    data-testid="peripheral-maintenance"
                  >
                    {t('device:peripheralsManager.maintenance')}
                  </Button>
                  <Button variant="outline-danger" onClick={() => setDeleting(true)} data-testid="peripheral-delete">
                    {t('device:peripheralsManager.delete')}
                  </Button>
                </div>
                {maintained ? <ScaleSettings manager={manager} /> : null}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
      <ConfirmDialog
        show={deleting}
        message={t('device:peripheralsManager.confirmDeleteScale')}
        confirmLabel={t('device:peripheralsManager.delete')}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </Modal>
  );
}
