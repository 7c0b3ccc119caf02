import { useSyncExternalStore } from 'react';

/**
 * The pairing secret the server gave this tab's device listener (DEVICE_PAIRING): part of the
 * device's identification code, so a transfer token reaches this tab only and signs in only
 * here. A new one comes with every (re)subscription; null while the listener is not connected.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export function setDevicePairing(pairing: string | null): void {
  if (pairing === current) return;
  current = pairing;
  for (const listener of listeners) listener();
}

export function devicePairing(): string | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current pairing secret of this tab's device listener (re-renders when it changes). */
export function useDevicePairing(): string | null {
  return useSyncExternalStore(subscribe, devicePairing);
}
