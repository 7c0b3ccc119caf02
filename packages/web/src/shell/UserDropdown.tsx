import { useCallback, useEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LazyMediaLibraryModal } from '../components/capture/LazyMediaLibraryModal.js';
import { LazyOwnTimeMeasurementsModal } from '../components/time-measurements/LazyOwnTimeMeasurementsModal.js';
import { useDeviceConfig } from '../platform/device-config.js';
import { setErrorHistoryShown } from '../platform/notifications.js';
import { useSession } from '../platform/session.js';
import { useTranslationEditing } from '../platform/translation-editing.js';
import { DeviceIdentificationModal } from './DeviceIdentificationModal.js';
import { LazyDeviceSettingsDialog } from './device-settings/LazyDeviceSettingsDialog.js';
import { useForceFullscreen } from './gestures/fullscreen.js';
import { AppIcon } from '../components/app-icon/AppIcon.js';
import { SwitchItem } from './menu/SwitchItem.js';
import { useVisibleApps } from '../platform/useVisibleApps.js';
import { LazyPeripheralsModal } from './peripherals/LazyPeripheralsModal.js';

/** Shift+Alt+I toggles the device identification QR code (when the device has a name). */
function useDeviceIdentificationShortcut(enabled: boolean, toggle: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, toggle]);
}

/**
 * The user menu of the title bar: user name, user settings, device settings,
 * peripherals, error history, device identification, time measurements (users of work
 * confirmation), force fullscreen, translation editing (translation managers), the media
 * library, reload and logout.
 */
export function UserDropdown() {
  const { t } = useTranslation(['shell', 'common', 'capture']);
  const { me, hasRole, signOut } = useSession();
  const { config } = useDeviceConfig();
  const fullscreen = useForceFullscreen();
  const translationEditing = useTranslationEditing();
  const [deviceSettingsShown, setDeviceSettingsShown] = useState(false);
  const [identificationShown, setIdentificationShown] = useState(false);
  const [mediaLibraryShown, setMediaLibraryShown] = useState(false);
  const [peripheralsShown, setPeripheralsShown] = useState(false);
  const [timeMeasurementsShown, setTimeMeasurementsShown] = useState(false);
  const measuresTime = useVisibleApps().some((app) => app.id === 'workConfirmation');
  const named = config.deviceName !== '';
  const toggleIdentification = useCallback(() => setIdentificationShown((shown) => !shown), []);
  useDeviceIdentificationShortcut(named, toggleIdentification);

  return (
    <>
      <Dropdown align="end" data-testid="user-dropdown">
        <Dropdown.Toggle
          variant="outline-light"
          className="border-0 d-flex align-items-center gap-1 wms-title-button"
          aria-label={t('shell:userMenu')}
          data-testid="user-dropdown-toggle"
        >
          <AppIcon name="person-circle" />
          <span className="d-none d-sm-inline text-truncate wms-user-name">{me?.user.username}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="shadow wms-user-menu">
          <Dropdown.Header data-testid="user-dropdown-username">
            <AppIcon name="person-circle" className="me-2" />
            {me?.user.username}
          </Dropdown.Header>
          <Dropdown.Item as={Link} to="/user/settings" data-testid="user-settings-link">
            <AppIcon name="person-gear" className="me-2" />
            {t('common:userSettings')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setDeviceSettingsShown(true)} data-testid="device-settings-item">
            <AppIcon name="gear" className="me-2" />
            {t('common:deviceSettings')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setPeripheralsShown(true)} data-testid="peripherals-item">
            <AppIcon name="usb-symbol" className="me-2" />
            {t('shell:peripherals')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setMediaLibraryShown(true)} data-testid="media-library-item">
            <AppIcon name="images" className="me-2" />
            {t('capture:library.title')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setErrorHistoryShown(true)} data-testid="error-history-item">
            <AppIcon name="exclamation-triangle" className="me-2" />
            {t('common:errorHistory')}
            <kbd className="ms-2 small">{t('shell:errorHistoryShortcut')}</kbd>
          </Dropdown.Item>
          {named && (
            <Dropdown.Item
              as="button"
              onClick={() => setIdentificationShown(true)}
              data-testid="device-identification-item"
            >
              <AppIcon name="qr-code" className="me-2" />
              {t('common:deviceIdentification')}
              <kbd className="ms-2 small">{t('shell:deviceIdentificationShortcut')}</kbd>
            </Dropdown.Item>
          )}
          {measuresTime && (
            <Dropdown.Item
              as="button"
              onClick={() => setTimeMeasurementsShown(true)}
              data-testid="time-measurements-item"
            >
              <AppIcon name="stopwatch" className="me-2" />
              {t('shell:timeMeasurements')}
            </Dropdown.Item>
          )}
          <SwitchItem
            icon={fullscreen.forced ? 'fullscreen-exit' : 'fullscreen'}
            label={t('shell:forceFullscreen')}
            checked={fullscreen.forced}
            onToggle={fullscreen.toggle}
            testId="force-fullscreen-item"
          />
          {hasRole('translationManager') && (
            <SwitchItem
              icon="translate"
              label={t('shell:translationEditing')}
              checked={translationEditing.enabled}
              onToggle={translationEditing.toggle}
              testId="translation-editing-item"
            />
          )}
          <Dropdown.Divider />
          <Dropdown.Item as="button" onClick={() => window.location.reload()} data-testid="reload-item">
            <AppIcon name="arrow-clockwise" className="me-2" />
            {t('common:reload')}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => void signOut()} data-testid="logout-item">
            <AppIcon name="box-arrow-right" className="me-2" />
            {t('common:logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      {deviceSettingsShown && <LazyDeviceSettingsDialog show onHide={() => setDeviceSettingsShown(false)} />}
      {mediaLibraryShown && <LazyMediaLibraryModal onHide={() => setMediaLibraryShown(false)} />}
      {peripheralsShown && <LazyPeripheralsModal onHide={() => setPeripheralsShown(false)} />}
      {timeMeasurementsShown && <LazyOwnTimeMeasurementsModal onClose={() => setTimeMeasurementsShown(false)} />}
      <DeviceIdentificationModal show={identificationShown} onHide={() => setIdentificationShown(false)} />
    </>
  );
}
