import { BluetoothScaleDriver } from './bluetooth-scale-driver.js';
import { PeripheralManager } from './peripheral-manager.js';
import {
  decodeScaleCommand,
  effectiveScaleDriver,
  loadScaleConfig,
  type ScaleConfig,
  type ScaleDriverType,
} from './scale-config.js';
import type { ScaleDriver, ScaleReading, ScaleService } from './scale-driver.js';
import { TestScaleDriver } from './test-scale-driver.js';

/**
 * Makes the driver for a config. `settings` gives the config at the moment of use, so a changed
 * command or test weight applies without reconnecting; `onChange` reports connection changes.
 */
export type ScaleDriverFactory = (
  type: ScaleDriverType,
  config: ScaleConfig,
  settings: () => ScaleConfig,
  onChange: () => void,
) => ScaleDriver;

export const createScaleDriver: ScaleDriverFactory = (type, config, settings, onChange) => {
  switch (type) {
    case 'TEST':
      return new TestScaleDriver(() => settings().testWeight, onChange);
    case 'BLUETOOTH':
      return new BluetoothScaleDriver({
        serviceUuid: config.serviceUuid,
        characteristicUuid: config.characteristicUuid,
        command: () => decodeScaleCommand(settings().command),
        onChange,
      });
  }
};

/**
 * The device's one scale connection, shared by the device settings panel and the handheld apps
 * (PeripheralManager). The driver is kept while the driver type, service and characteristic stay
 * the same. read() connects on demand, then reads.
 */
export class ScaleManager extends PeripheralManager<ScaleConfig, ScaleDriverType, ScaleDriver> {
  constructor(createDriver: ScaleDriverFactory = createScaleDriver, loadConfig: () => ScaleConfig = loadScaleConfig) {
    super({
      loadConfig,
      effectiveDriver: effectiveScaleDriver,
      createDriver,
      driverKey: (type, config) =>
        type === 'BLUETOOTH' ? `${type} ${config.serviceUuid} ${config.characteristicUuid}` : type,
    });
  }

  async read(): Promise<ScaleReading> {
    return (await this.connectedDriver()).read();
  }
}

/** This device's scale. */
export const scaleManager = new ScaleManager();

/** The workflow engine's services.scale: connects on demand, then reads the weight in kg. */
export const scaleService: ScaleService = {
  read: () => scaleManager.read(),
};
