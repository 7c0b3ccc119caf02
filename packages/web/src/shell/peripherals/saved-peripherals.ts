import {
  defaultScaleConfig,
  loadScaleConfig,
  saveScaleConfig,
  scaleConfigStorageKey,
  type ScaleConfig,
} from '../../handheld/peripherals/scale-config.js';

/** Peripheral usages are printer, scale, put to light and cartoncube; this app has a driver for the scale. */
export type PeripheralUsage = 'scale';

/** A peripheral saved on this device (its settings are in local storage). */
export interface SavedPeripheral {
  usage: PeripheralUsage;
  /** The driver choice as saved (AUTO, BLUETOOTH, TEST). */
  driver: ScaleConfig['driver'];
}

/** The saved peripherals, read from local storage: the scale once its settings were saved. */
export function loadSavedPeripherals(storage: Storage = localStorage): SavedPeripheral[] {
  if (storage.getItem(scaleConfigStorageKey) === null) return [];
  return [{ usage: 'scale', driver: loadScaleConfig().driver }];
}

/** Saves a scale with the default settings (to be adjusted in its maintenance panel). */
export function addScale(): void {
  saveScaleConfig({ ...defaultScaleConfig });
}

/** Forgets a saved peripheral's settings. */
export function deletePeripheral(usage: PeripheralUsage, storage: Storage = localStorage): void {
  if (usage === 'scale') storage.removeItem(scaleConfigStorageKey);
}
