import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { topics } from '@wms/contract';
import { useConfig } from './config.js';
import { useDeviceConfig } from './device-config.js';
import { appVersion, handleUnauthorized, uniqueSessionId } from './http.js';
import { reloadPage } from './leave-prompt.js';
import { setLicenseExpirationDate } from './license.js';
import { LiveConnection } from './live-client.js';
import { handleLiveMessage, type LiveDialog, type LiveEffects } from './live-handlers.js';
import { counterStore, emitLiveMessage } from './live-store.js';
import { devicePairing, setDevicePairing } from './device-pairing.js';
import { notify } from './notifications.js';
import { useSession } from './session.js';
import { installTestHooks } from './test-hooks.js';

export { useCounter, useLiveMessage } from './live-store.js';

/** What a signed-in user's connection subscribes to; a device socket only its device listener. */
export const userDestinations = [
  topics.userErrors(),
  topics.userCommands(),
  topics.alertNotifications(),
  topics.userTasks(),
  topics.errors(),
  topics.commands(),
  topics.notifications(),
  topics.broadcasts(),
  topics.items(),
  topics.binLocations(),
] as const;

interface LiveState {
  connected: boolean;
  connection: LiveConnection | null;
}

const LiveContext = createContext<LiveState>({ connected: false, connection: null });

/**
 * The live client: a device socket while signed out (its /device_listener/{deviceName} when the
 * device has a name), the user's connection while signed in; reconnects on sign-in and sign-out.
 * Also hands the loaded config to the platform (license warning date, TEST hooks).
 */
export function LiveProvider({
  children,
  renderDialog,
}: {
  children: ReactNode;
  /** Shows a dialog a live message opened (the shell's LiveDialogHost); onDone closes it. */
  renderDialog: (dialog: LiveDialog | null, onDone: () => void) => ReactNode;
}) {
  const session = useSession();
  const config = useConfig();
  const { config: device } = useDeviceConfig();
  const [connected, setConnected] = useState(false);
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  const [dialogs, setDialogs] = useState<LiveDialog[]>([]);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // Where a transfer sign-in goes, once the new session is rendered (its routes exist only then).
  const [transferPath, setTransferPath] = useState<string | null>(null);

  useEffect(() => {
    setLicenseExpirationDate(config.licenseExpirationDate);
    installTestHooks(config.runtimeType);
  }, [config.licenseExpirationDate, config.runtimeType]);

  const me = session.me;
  const who = me ? `${me.user.id}:${me.sessionId ?? ''}` : null;
  const deviceName = device.deviceName;

  useEffect(() => {
    counterStore.clear();
    const effects: LiveEffects = {
      tabHidden: () => document.visibilityState === 'hidden',
      uniqueSession: uniqueSessionId(),
      notify: (variant, key, args, sound) => notify(variant, key, args, { sound }),
      reload: reloadPage,
      mergeCounters: counterStore.merge,
      setCounter: counterStore.set,
      adjustCounter: counterStore.adjust,
      openDialog: (dialog) => setDialogs((open) => [...open, dialog]),
      transferLogin: (token) => {
        sessionRef.current.signInWithTransferToken(token, devicePairing() ?? '').then(setTransferPath, () => undefined);
      },
    };
    const destinations = [...(who ? userDestinations : []), ...(deviceName ? [topics.deviceListener(deviceName)] : [])];
    const live = new LiveConnection({
      appVersion,
      uniqueSession: uniqueSessionId(),
      destinations,
      onMessage: (message) => {
        // The device listener's pairing secret is this tab's alone: kept, never passed on.
        if (message.what === 'DEVICE_PAIRING') setDevicePairing(message.payload.pairing);
        else if (handleLiveMessage(message, effects)) emitLiveMessage(message);
      },
      onConnectedChange: (isConnected) => {
        // A lost socket's subscription and its pairing are gone; the next one brings a new secret.
        if (!isConnected) setDevicePairing(null);
        setConnected(isConnected);
      },
      onFailure: (action) => (action === 'reload' ? reloadPage() : handleUnauthorized()),
    });
    live.start();
    setConnection(live);
    return () => {
      setDevicePairing(null);
      setConnected(false);
      setConnection(null);
      void live.stop();
    };
  }, [who, deviceName]);

  useEffect(() => {
    if (!who || transferPath === null) return;
    setTransferPath(null);
    void navigateRef.current(transferPath);
  }, [who, transferPath]);

  const value = useMemo(() => ({ connected, connection }), [connected, connection]);
  return (
    <LiveContext.Provider value={value}>
      {children}
      {renderDialog(dialogs[0] ?? null, () => setDialogs((open) => open.slice(1)))}
    </LiveContext.Provider>
  );
}

/** Whether the live socket (device or user) is connected. */
export function useLiveConnected(): boolean {
  return useContext(LiveContext).connected;
}

/** The connection for extra subscriptions and sends (null while none); see LiveConnection. */
export function useLiveConnection(): LiveConnection | null {
  return useContext(LiveContext).connection;
}
