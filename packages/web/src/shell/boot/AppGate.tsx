import { lazy, Suspense } from 'react';
import { useConfig } from '../../platform/config.js';
import { useSession } from '../../platform/session.js';
import { LoginModal } from '../login/LoginModal.js';
import { Shell } from '../Shell.js';
import { FirstDeviceSettings } from '../device-settings/FirstDeviceSettings.js';
import { BootSpinner } from './BootSpinner.js';

const SetupScreen = lazy(() => import('../SetupScreen.js').then((module) => ({ default: module.SetupScreen })));

/** Signed out: the login modal; an admin on an unconfigured system: setup; otherwise the shell. */
export function AppGate() {
  const { me, hasRole } = useSession();
  const config = useConfig();
  if (!me) return <LoginModal />;
  if (hasRole('admin') && !config.wmsHasBeenConfigured)
    return (
      <Suspense fallback={<BootSpinner />}>
        <SetupScreen />
      </Suspense>
    );
  return (
    <>
      <Shell />
      <FirstDeviceSettings />
    </>
  );
}
