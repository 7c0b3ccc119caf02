import { useCallback, useEffect, useRef, useState } from 'react';
import { createNdefReader, credentialsFromRecords, nfcPermission, nfcSupported } from './nfc-login.js';

type Credentials = { username: string; password: string };

/**
 * Listens for NFC auth tags while mounted. Scanning starts by itself when the permission is
 * granted; when it is 'prompt' the caller shows a button that calls enable() (the browser
 * only asks after a user gesture).
 */
export function useNfcLogin(onCredentials: (credentials: Credentials) => void) {
  const supported = nfcSupported();
  const [permission, setPermission] = useState<PermissionState | null>(null);
  const [scanning, setScanning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const callback = useRef(onCredentials);
  callback.current = onCredentials;

  const enable = useCallback(async () => {
    if (!nfcSupported() || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const reader = createNdefReader();
      reader.onreading = (event) => {
        const credentials = credentialsFromRecords(event.message.records);
        if (credentials) callback.current(credentials);
      };
      await reader.scan({ signal: controller.signal });
      setScanning(true);
      setPermission('granted');
    } catch {
      abort.current = null;
      setPermission(await nfcPermission());
    }
  }, []);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    void nfcPermission().then((state) => {
      if (cancelled) return;
      setPermission(state);
      if (state === 'granted') void enable();
    });
    return () => {
      cancelled = true;
      abort.current?.abort();
      abort.current = null;
    };
  }, [supported, enable]);

  return { supported, permission, scanning, enable };
}
