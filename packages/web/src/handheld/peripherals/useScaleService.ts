import { useEffect, useSyncExternalStore } from 'react';
import { useConfig } from '../../platform/config.js';
import type { ScaleService } from './scale-driver.js';
import { scaleManager, scaleService, type ScaleManager } from './scale-manager.js';

/**
 * The scale for the handheld apps' services.scale. It tells the scale the server's runtime type,
 * so driver AUTO is the TEST scale on a TEST server (browser tests need no hardware).
 */
export function useScaleService(): ScaleService {
  useScaleRuntimeType(scaleManager);
  return scaleService;
}

export function useScaleRuntimeType(manager: ScaleManager): void {
  const { runtimeType } = useConfig();
  useEffect(() => manager.setRuntimeType(runtimeType), [manager, runtimeType]);
}

/** Whether the scale is connected, kept current. */
export function useScaleConnected(manager: ScaleManager = scaleManager): boolean {
  return useSyncExternalStore(manager.subscribe, manager.getConnected);
}
