import type { CartoncubeService } from './cartoncube-driver.js';
import { cartoncubeManager, cartoncubeService, type CartoncubeManager } from './cartoncube-manager.js';
import { usePeripheralConnected, usePeripheralRuntimeType } from './usePeripheral.js';

/** The cartoncube for the pack app; tells it the runtime type (AUTO is TEST on a TEST server). */
export function useCartoncubeService(): CartoncubeService {
  usePeripheralRuntimeType(cartoncubeManager);
  return cartoncubeService;
}

export function useCartoncubeRuntimeType(manager: CartoncubeManager): void {
  usePeripheralRuntimeType(manager);
}

/** Whether the cartoncube is connected, kept current. */
export function useCartoncubeConnected(manager: CartoncubeManager = cartoncubeManager): boolean {
  return usePeripheralConnected(manager);
}
