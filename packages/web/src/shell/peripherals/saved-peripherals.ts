import {
  cartoncubeConfigStorageKey,
  defaultCartoncubeConfig,
  loadCartoncubeConfig,
  saveCartoncubeConfig,
} from '../../handheld/peripherals/cartoncube-config.js';
import {
  defaultScaleConfig,
  loadScaleConfig,
  saveScaleConfig,
  scaleConfigStorageKey,
} from '../../handheld/peripherals/scale-config.js';

/**
 * Peripheral usages are printer, scale, put to light and cartoncube; this app has drivers for the
 * scale and the cartoncube.
 */
export const peripheralUsages = ['scale', 'cartoncube'] as const;
export type PeripheralUsage = (typeof peripheralUsages)[number];

/** A peripheral saved on this device (its settings are in local storage). */
export interface SavedPeripheral {
  usage: PeripheralUsage;
  /** The driver choice as saved (scale: AUTO, BLUETOOTH, TEST; cartoncube: AUTO, PARCELCUBE, TEST). */
  driver: string;
}

const storageKeys: Record<PeripheralUsage, string> = {
  scale: scaleConfigStorageKey,
  cartoncube: cartoncubeConfigStorageKey,
};

/** The saved peripherals, read from local storage: each once its settings were saved. */
export function loadSavedPeripherals(storage: Storage = localStorage): SavedPeripheral[] {
  return peripheralUsages
    .filter((usage) => storage.getItem(storageKeys[usage]) !== null)
    .map((usage) => ({
      usage,
      driver: usage === 'scale' ? loadScaleConfig().driver : loadCartoncubeConfig().driver,
    }));
}

/** Saves a peripheral with the default settings (to be adjusted in its maintenance panel). */
export function addPeripheral(usage: PeripheralUsage): void {
  if (usage === 'scale') saveScaleConfig({ ...defaultScaleConfig });
  else saveCartoncubeConfig({ ...defaultCartoncubeConfig });
}

/** Forgets a saved peripheral's settings. */
export function deletePeripheral(usage: PeripheralUsage, storage: Storage = localStorage): void {
  storage.removeItem(storageKeys[usage]);
}
