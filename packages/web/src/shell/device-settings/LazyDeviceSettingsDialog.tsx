import { lazy, Suspense } from 'react';

const DeviceSettingsDialog = lazy(() =>
  import('./DeviceSettingsDialog.js').then((module) => ({ default: module.DeviceSettingsDialog })),
);

/** The device settings dialog, loaded on first use so it stays out of the initial bundle. */
export function LazyDeviceSettingsDialog(props: { show: boolean; onHide: () => void }) {
  return (
    <Suspense fallback={null}>
      <DeviceSettingsDialog {...props} />
    </Suspense>
  );
}
