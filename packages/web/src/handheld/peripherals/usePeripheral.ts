import { useEffect, useSyncExternalStore } from 'react';
import { useConfig } from '../../platform/config.js';
import type { PeripheralManager } from './peripheral-manager.js';

type AnyPeripheralManager = Pick<
  PeripheralManager<{ driver: string }, string, never>,
  'setRuntimeType' | 'subscribe' | 'getConnected'
>;

/** Tells a peripheral the server's runtime type, so driver AUTO is the TEST driver on a TEST server. */
export function usePeripheralRuntimeType(manager: Pick<AnyPeripheralManager, 'setRuntimeType'>): void {
  const { runtimeType } = useConfig();
  useEffect(() => manager.setRuntimeType(runtimeType), [manager, runtimeType]);
}

/** Whether a peripheral is connected, kept current. */
export function usePeripheralConnected(manager: Pick<AnyPeripheralManager, 'subscribe' | 'getConnected'>): boolean {
  return useSyncExternalStore(manager.subscribe, manager.getConnected);
}
