import { useEffect, useSyncExternalStore } from 'react';
import { useConfig } from '../../platform/config.js';
import type { CartoncubeService } from './cartoncube-driver.js';
import { cartoncubeManager, cartoncubeService, type CartoncubeManager } from './cartoncube-manager.js';

/** The cartoncube for the pack app; tells it the runtime type (AUTO is TEST on a TEST server). */
export function useCartoncubeService(): CartoncubeService {
  useCartoncubeRuntimeType(cartoncubeManager);
  return cartoncubeService;
}

export function useCartoncubeRuntimeType(manager: CartoncubeManager): void {
  const { runtimeType } = useConfig();
  useEffect(() => manager.setRuntimeType(runtimeType), [manager, runtimeType]);
}

/** Whether the cartoncube is connected, kept current. */
export function useCartoncubeConnected(manager: CartoncubeManager = cartoncubeManager): boolean {
  return useSyncExternalStore(manager.subscribe, manager.getConnected);
}
