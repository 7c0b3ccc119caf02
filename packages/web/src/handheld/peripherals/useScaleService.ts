import type { ScaleService } from './scale-driver.js';
import { scaleManager, scaleService, type ScaleManager } from './scale-manager.js';
import { usePeripheralConnected, usePeripheralRuntimeType } from './usePeripheral.js';

/**
 * The scale for the handheld apps' services.scale. It tells the scale the server's runtime type,
 * so driver AUTO is the TEST scale on a TEST server (browser tests need no hardware).
 */
export function useScaleService(): ScaleService {
  usePeripheralRuntimeType(scaleManager);
  return scaleService;
}

export function useScaleRuntimeType(manager: ScaleManager): void {
  usePeripheralRuntimeType(manager);
}

/** Whether the scale is connected, kept current. */
export function useScaleConnected(manager: ScaleManager = scaleManager): boolean {
  return usePeripheralConnected(manager);
}
