import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { deviceNameProblem, useDeviceConfig, type DeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { ActionsTab } from './ActionsTab.js';
import { GeneralTab } from './GeneralTab.js';
import { PermissionsTab } from './PermissionsTab.js';

interface Props {
  show: boolean;
  onHide: () => void;
}

/**
 * Device settings: fullscreen, not closed by an outside click, one Save
 * button; tabs General, Actions and Permissions. Saving stores the config in local storage.
 */
export function DeviceSettingsDialog({ show, onHide }: Props) {
  const { t } = useTranslation('device');
  const { config, save } = useDeviceConfig();
  const [draft, setDraft] = useState<DeviceConfig>(config);
  const [tab, setTab] = useState('general');

  useEffect(() => {
    if (show) {
      setDraft(config);
      setTab('general');
    }
    // Start from the stored config each time the dialog opens, not on every store change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- config is read when show changes only
  }, [show]);

  const problem = deviceNameProblem(draft.deviceName);
  const submit = () => {
    if (problem) {
      setTab('general');
      return;
    }
    save(draft);
    notify('success', 'common:changedDeviceSettings');
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} fullscreen backdrop="static" keyboard={false} data-testid="device-settings">
      <Modal.Header>
        <Modal.Title as="h1" className="h5">
          {t('common:deviceSettings')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mx-auto" style={{ maxWidth: '60rem' }}>
          <Tabs activeKey={tab} onSelect={(key) => setTab(key ?? 'general')} className="mb-3" id="device-settings-tabs">
            <Tab eventKey="general" title={t('tabs.general')}>
              {problem && (
                <Alert variant="danger" className="py-2">
                  {t(`deviceNameProblems.${problem}`)}
                </Alert>
              )}
              <GeneralTab draft={draft} onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))} />
            </Tab>
            <Tab eventKey="actions" title={t('tabs.actions')}>
              <ActionsTab />
            </Tab>
            <Tab eventKey="permissions" title={t('tabs.permissions')}>
              <PermissionsTab />
            </Tab>
          </Tabs>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={submit} data-testid="device-settings-save">
          {t('common:save')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
