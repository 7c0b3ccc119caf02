import { useQueries } from '@tanstack/react-query';
import { ConfigProvider, configQueries, type BootData } from '../platform/config.js';
import { SessionProvider } from '../platform/session.js';
import { LiveProvider } from '../platform/live.js';
import { BootSpinner } from './boot/BootSpinner.js';
import { ReloadButton } from './boot/ReloadButton.js';
import { TestMarker } from './boot/TestMarker.js';
import { CustomCss } from './boot/CustomCss.js';
import { SpecializationFailedAlert } from './boot/SpecializationFailedAlert.js';
import { useSpecializationBundle } from './boot/specialization.js';
import { AppGate } from './boot/AppGate.js';
import { DeviceConfigEffects } from './device-settings/DeviceConfigEffects.js';
import { browserStorage, clearSavedWorkflows } from '../handheld/workflow-persistence.js';
import { LiveDialogHost } from './LiveDialogHost.js';

/** Signing out ends the user's handheld work: nothing resumes at the next sign-in. */
function clearWorkflowsOf(userId: number): void {
  const storage = browserStorage();
  if (storage) clearSavedWorkflows(storage, userId);
}

/**
 * App load: a spinner until config, version and IP rules are all loaded (a red
 * reload icon if any fails), then the specialization bundle check, then session restore and
 * either the login modal, the setup screen or the shell.
 */
export function Boot() {
  const [config, version, ipRules] = useQueries({
    queries: [configQueries.config(), configQueries.version(), configQueries.ipRules()],
  });
  const specialization = useSpecializationBundle();

  if (config.isError || version.isError || ipRules.isError) return <ReloadButton />;
  if (!config.data || !version.data || !ipRules.data) return <BootSpinner />;
  if (specialization === 'checking') return <BootSpinner />;
  if (specialization === 'loading') return <BootSpinner withLogo />;

  const data: BootData = { config: config.data, version: version.data.version, ipRules: ipRules.data };
  return (
    <ConfigProvider value={data}>
      {data.config.runtimeType === 'TEST' && <TestMarker />}
      <CustomCss css={data.config.settings.customCssCode} />
      <DeviceConfigEffects />
      {specialization === 'failed' && <SpecializationFailedAlert />}
      <SessionProvider restoring={<BootSpinner />} onSignOut={clearWorkflowsOf}>
        <LiveProvider renderDialog={(dialog, onDone) => <LiveDialogHost dialog={dialog} onDone={onDone} />}>
          <AppGate />
        </LiveProvider>
      </SessionProvider>
    </ConfigProvider>
  );
}
