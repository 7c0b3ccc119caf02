import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints, splitDeviceIdentification } from '@wms/contract';
import { useLocation, useNavigate } from 'react-router';
import { useDeviceConfig } from '../../platform/device-config.js';
import { callApi } from '../../platform/api-client.js';
import { ApiError, http } from '../../platform/http.js';
import type { Query } from '../../platform/http-policy.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import type { ScannerQuestion } from './ScannerDialog.js';
import { applyUserApiParams, mergeDeviceSettings, type ScannerInput, type UserApiCall } from './scanner-commands.js';
import { emitOpenWorkTimes, emitPeripheralInput } from './scanner-events.js';
import { useVisibleApps } from '../../platform/useVisibleApps.js';

/** Command inputs: everything ScannerInput handles itself (not a plain scan or a quantity). */
export type ScannerCommand = Exclude<ScannerInput, { kind: 'scan' } | { kind: 'quantity' }>;

function isQuery(value: unknown): value is Query {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((inner) => ['string', 'number', 'boolean'].includes(typeof inner));
}

/** HTTP failures were already shown by the platform client; anything else is a programming error. */
function ignoreApiError(error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
}

/**
 * Carries out the `_be_` commands of the scanner bar. Questions (confirmations, parameter
 * prompts) are exposed as `question` for a ScannerDialog to show.
 */
export function useScannerCommands(): {
  run: (command: ScannerCommand) => Promise<void>;
  question: ScannerQuestion | null;
} {
  const { t } = useTranslation('components');
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useSession();
  const { config, save } = useDeviceConfig();
  const visibleApps = useVisibleApps();
  const [question, setQuestion] = useState<ScannerQuestion | null>(null);

  const confirm = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) =>
        setQuestion({ kind: 'confirm', message, resolve: (answer) => (setQuestion(null), resolve(answer)) }),
      ),
    [],
  );
  const prompt = useCallback(
    (message: string, defaultValue: string) =>
      new Promise<string | null>((resolve) =>
        setQuestion({
          kind: 'prompt',
          message,
          defaultValue,
          resolve: (answer) => (setQuestion(null), resolve(answer)),
        }),
      ),
    [],
  );

  const callUserApi = useCallback(
    async (call: UserApiCall) => {
      const values: string[] = [];
      for (const param of call.params) {
        const value = await prompt(param.label, param.defaultValue);
        if (value === null) return;
        values.push(value);
      }
      const { url, payload } = applyUserApiParams(call, values);
      if (call.confirm !== false) {
        const message = typeof call.confirm === 'string' ? call.confirm : t('scanner.confirmUserApi', { url });
        if (!(await confirm(message))) return;
      }
      try {
        if (call.method === 'GET') await http.get(url, isQuery(payload) ? { query: payload } : {});
        else await http.post(url, payload);
        notify('success', 'components:scanner.userApiCalled');
      } catch (error) {
        ignoreApiError(error);
      }
    },
    [confirm, prompt, t],
  );

  const run = useCallback(
    async (command: ScannerCommand) => {
      switch (command.kind) {
        case 'redirect':
          await navigate(command.path);
          return;
        case 'deviceIdentification': {
          // The code carries the device's pairing secret: the token reaches that device only.
          const { deviceName, pairing } = splitDeviceIdentification(command.deviceName);
          if (!(await confirm(t('scanner.confirmTransfer', { deviceName })))) return;
          try {
            const path = location.pathname + location.search;
            await callApi(authEndpoints.createTransferToken, {
              params: { deviceName },
              body: { path, pairing: pairing ?? undefined },
            });
            notify('success', 'components:scanner.sessionTransferred', { deviceName });
          } catch (error) {
            ignoreApiError(error);
          }
          return;
        }
        case 'overrideDeviceSettings':
          save(mergeDeviceSettings(config, command.settings));
          notify('success', 'common:changedDeviceSettings');
          return;
        case 'callUserApi':
          await callUserApi(command.call);
          return;
        case 'logout':
          await signOut();
          return;
        case 'peripheralInput':
          emitPeripheralInput(command.value);
          return;
        case 'openWorkTimes': {
          // An open work time screen shows its timers; from anywhere else, go to the own work times.
          if (emitOpenWorkTimes(command.argument) > 0) return;
          const workTimes = visibleApps.find((app) => app.id === 'workConfirmation');
          if (!workTimes) {
            notify('danger', 'components:scanner.workTimesNotAvailable');
            return;
          }
          await navigate(workTimes.path, { state: { openWorkTimes: true } });
          return;
        }
        case 'invalidCommand':
          notify('danger', `components:scanner.invalid.${command.reason}`, { command: command.command });
          return;
      }
    },
    [callUserApi, config, confirm, location.pathname, location.search, navigate, save, signOut, t, visibleApps],
  );

  return { run, question };
}
