import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceConfig } from '../../platform/device-config.js';
import { useSession } from '../../platform/session.js';
import { failureText } from './failure-text.js';
import { requestSessionTakeover } from './takeover.js';

export interface LoginCredentials {
  username: string;
  password: string;
  mfaToken?: string;
}

export type LoginMessage = { variant: 'danger' | 'info'; text: string } | null;

/** Signing in and takeover requests, with the busy state and the alert the modal shows. */
export function useLoginAttempt() {
  const { t, i18n } = useTranslation('login');
  const { signIn } = useSession();
  const { config } = useDeviceConfig();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LoginMessage>(null);

  const fail = useCallback(
    (error: unknown) => setMessage({ variant: 'danger', text: failureText(t, (key) => i18n.exists(key), error) }),
    [t, i18n],
  );

  const attempt = useCallback(
    async (credentials: LoginCredentials) => {
      setBusy(true);
      setMessage(null);
      try {
        await signIn({
          username: credentials.username.trim(),
          password: credentials.password,
          mfaToken: credentials.mfaToken?.trim() ? credentials.mfaToken.trim() : null,
        });
        // Signed in: the modal unmounts.
      } catch (error) {
        fail(error);
        setBusy(false);
      }
    },
    [signIn, fail],
  );

  const takeover = useCallback(
    async (otherDeviceName: string) => {
      const thisDevice = config.deviceName;
      if (!thisDevice) {
        setMessage({ variant: 'danger', text: t('errors:canNotTakeOverSessionToUnnamedDevice') });
        return;
      }
      if (!otherDeviceName || otherDeviceName === thisDevice) {
        setMessage({ variant: 'danger', text: t('takeover.invalidDevice') });
        return;
      }
      setBusy(true);
      setMessage(null);
      try {
        await requestSessionTakeover(otherDeviceName, thisDevice);
        setMessage({ variant: 'info', text: t('takeover.requested', { device: otherDeviceName }) });
      } catch (error) {
        fail(error);
      } finally {
        setBusy(false);
      }
    },
    [config.deviceName, fail, t],
  );

  return { busy, message, attempt, takeover };
}
