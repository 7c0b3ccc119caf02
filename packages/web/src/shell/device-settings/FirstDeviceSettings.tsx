import { useState } from 'react';
import { useDeviceConfig } from '../../platform/device-config.js';
import { LazyDeviceSettingsDialog } from './LazyDeviceSettingsDialog.js';

/** Opens the device settings by itself when a user is signed in and this device has none stored. */
export function FirstDeviceSettings() {
  const { stored } = useDeviceConfig();
  const [show, setShow] = useState(!stored);
  return <LazyDeviceSettingsDialog show={show} onHide={() => setShow(false)} />;
}
