import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { cartoncubeManager, type CartoncubeManager } from '../../handheld/peripherals/cartoncube-manager.js';
import { toScaleError } from '../../handheld/peripherals/scale-errors.js';
import { scaleManager, type ScaleManager } from '../../handheld/peripherals/scale-manager.js';
import { useCartoncubeConnected, useCartoncubeRuntimeType } from '../../handheld/peripherals/useCartoncube.js';
import { useScaleConnected, useScaleRuntimeType } from '../../handheld/peripherals/useScaleService.js';
import { notify } from '../../platform/notifications.js';
import { ScaleSettings } from '../device-settings/ScaleSettings.js';
import { CartoncubeSettings } from './CartoncubeSettings.js';
import { PeripheralRow } from './PeripheralRow.js';
import {
  addPeripheral,
  deletePeripheral,
  loadSavedPeripherals,
  peripheralUsages,
  type PeripheralUsage,
  type SavedPeripheral,
} from './saved-peripherals.js';

interface PeripheralsModalProps {
  onHide: () => void;
  manager?: ScaleManager;
  cartoncube?: CartoncubeManager;
}

const capitalized = (usage: PeripheralUsage) => (usage === 'scale' ? 'Scale' : 'Cartoncube');

/**
 * The peripherals manager of the user dropdown: a full-screen dialog listing the peripherals saved
 * on this device (the scale and the cartoncube have drivers) with Connect, Disconnect, Maintenance
 * (its settings panel) and Delete, which asks 'Are you sure?' first; Add for each not saved yet.
 */
export function PeripheralsModal({
  onHide,
  manager = scaleManager,
  cartoncube = cartoncubeManager,
}: PeripheralsModalProps) {
  const { t } = useTranslation(['device', 'common']);
  useScaleRuntimeType(manager);
  useCartoncubeRuntimeType(cartoncube);
  const connected: Record<PeripheralUsage, boolean> = {
    scale: useScaleConnected(manager),
    cartoncube: useCartoncubeConnected(cartoncube),
  };
  const devices: Record<PeripheralUsage, ScaleManager | CartoncubeManager> = { scale: manager, cartoncube };
  const [saved, setSaved] = useState<SavedPeripheral[]>(() => loadSavedPeripherals());
  const [maintained, setMaintained] = useState<PeripheralUsage | null>(null);
  const [deleting, setDeleting] = useState<PeripheralUsage | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () => setSaved(loadSavedPeripherals());
  const connect = (usage: PeripheralUsage) => {
    setBusy(true);
    devices[usage]
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
  const add = (usage: PeripheralUsage) => {
    addPeripheral(usage);
    devices[usage].refresh();
    reload();
    setMaintained(usage);
  };
  const remove = (usage: PeripheralUsage) => {
    devices[usage].disconnect();
    deletePeripheral(usage);
    devices[usage].refresh();
    setDeleting(null);
    setMaintained(null);
    reload();
    notify('success', 'device:peripheralsManager.deleted');
  };
  const addButtons = peripheralUsages
    .filter((usage) => !saved.some((peripheral) => peripheral.usage === usage))
    .map((usage) => (
      <Button
        key={usage}
        size="lg"
        variant={saved.length === 0 ? 'primary' : 'outline-primary'}
        onClick={() => add(usage)}
        data-testid={`peripheral-add-${usage}`}
      >
        {t(`device:peripheralsManager.add${capitalized(usage)}`)}
      </Button>
    ));

  return (
    <Modal show fullscreen onHide={onHide} data-testid="peripherals-manager">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title>{t('device:peripheralsManager.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {saved.length === 0 ? (
          <div className="d-flex flex-column align-items-start gap-3" data-testid="peripherals-empty">
            <p className="text-body-secondary mb-0">{t('device:peripheralsManager.none')}</p>
            {addButtons}
          </div>
        ) : (
          <>
            <ListGroup>
              {saved.map((peripheral) => (
                <PeripheralRow
                  key={peripheral.usage}
                  peripheral={peripheral}
                  connected={connected[peripheral.usage]}
                  busy={busy}
                  maintained={maintained === peripheral.usage}
                  onConnect={() => connect(peripheral.usage)}
                  onDisconnect={() => devices[peripheral.usage].disconnect()}
                  onMaintenance={() => {
                    reload();
                    setMaintained((shown) => (shown === peripheral.usage ? null : peripheral.usage));
                  }}
                  onDelete={() => setDeleting(peripheral.usage)}
                >
                  {peripheral.usage === 'scale' ? (
                    <ScaleSettings manager={manager} />
                  ) : (
                    <CartoncubeSettings manager={cartoncube} />
                  )}
                </PeripheralRow>
              ))}
            </ListGroup>
            {addButtons.length > 0 ? <div className="d-flex flex-wrap gap-2 mt-3">{addButtons}</div> : null}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
      <ConfirmDialog
        show={deleting !== null}
        message={deleting ? t(`device:peripheralsManager.confirmDelete${capitalized(deleting)}`) : ''}
        confirmLabel={t('device:peripheralsManager.delete')}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onCancel={() => setDeleting(null)}
      />
    </Modal>
  );
}
