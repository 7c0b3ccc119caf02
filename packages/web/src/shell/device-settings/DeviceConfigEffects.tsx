import { useEffect } from 'react';
import { useDeviceConfig } from '../../platform/device-config.js';

/** Applies device settings to the page: allowSelectingText=false turns off text selection. */
export function DeviceConfigEffects() {
  const { config } = useDeviceConfig();
  useEffect(() => {
    document.body.style.userSelect = config.allowSelectingText ? '' : 'none';
    document.body.style.webkitUserSelect = config.allowSelectingText ? '' : 'none';
  }, [config.allowSelectingText]);
  return null;
}
