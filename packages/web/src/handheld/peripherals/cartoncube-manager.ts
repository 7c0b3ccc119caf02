import {
  effectiveCartoncubeDriver,
  loadCartoncubeConfig,
  type CartoncubeConfig,
  type CartoncubeDriverType,
} from './cartoncube-config.js';
import type { CartoncubeDriver, CartoncubeMeasurement, CartoncubeService } from './cartoncube-driver.js';
import { ParcelcubeDriver } from './parcelcube-driver.js';
import { PeripheralManager } from './peripheral-manager.js';
import { TestCartoncubeDriver } from './test-cartoncube-driver.js';

/** Makes the driver of a type; `settings` gives the config at the moment of use. */
export type CartoncubeDriverFactory = (
  type: CartoncubeDriverType,
  settings: () => CartoncubeConfig,
  onChange: () => void,
) => CartoncubeDriver;

export const createCartoncubeDriver: CartoncubeDriverFactory = (type, settings, onChange) => {
  switch (type) {
    case 'TEST':
      return new TestCartoncubeDriver(settings, onChange);
    case 'PARCELCUBE':
      return new ParcelcubeDriver(settings, onChange);
  }
};

/**
 * The device's one cartoncube, shared by the peripherals manager and the pack app
 * (PeripheralManager, as for the scale). The driver is kept while its type stays the same;
 * settings are read at each use. measure() connects on demand, then measures.
 */
export class CartoncubeManager extends PeripheralManager<CartoncubeConfig, CartoncubeDriverType, CartoncubeDriver> {
  constructor(
    createDriver: CartoncubeDriverFactory = createCartoncubeDriver,
    loadConfig: () => CartoncubeConfig = loadCartoncubeConfig,
  ) {
    super({
      loadConfig,
      effectiveDriver: effectiveCartoncubeDriver,
      createDriver: (type, _config, settings, onChange) => createDriver(type, settings, onChange),
    });
  }

  async measure(): Promise<CartoncubeMeasurement> {
    return (await this.connectedDriver()).measure();
  }
}

/** This device's cartoncube. */
export const cartoncubeManager = new CartoncubeManager();

/** The pack app's cartoncube: connects on demand, then measures. */
export const cartoncubeService: CartoncubeService = {
  measure: () => cartoncubeManager.measure(),
};
