import type { RuntimeType } from '@wms/contract';
import {
  effectiveCartoncubeDriver,
  loadCartoncubeConfig,
  type CartoncubeConfig,
  type CartoncubeDriverType,
} from './cartoncube-config.js';
import type { CartoncubeDriver, CartoncubeMeasurement, CartoncubeService } from './cartoncube-driver.js';
import { ParcelcubeDriver } from './parcelcube-driver.js';
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
 * The device's one cartoncube, shared by the peripherals manager and the pack app (as
 * ScaleManager is for the scale). The driver is kept while its type stays the same; settings are
 * read at each use. measure() connects on demand, then measures.
 */
export class CartoncubeManager {
  private driver: CartoncubeDriver | null = null;
  private type: CartoncubeDriverType | null = null;
  private config: CartoncubeConfig;
  private runtimeType: RuntimeType = 'PRODUCTION';
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly createDriver: CartoncubeDriverFactory = createCartoncubeDriver,
    private readonly loadConfig: () => CartoncubeConfig = loadCartoncubeConfig,
  ) {
    this.config = loadConfig();
  }

  /** The server's runtime type decides what driver AUTO means (TEST on a TEST server). */
  setRuntimeType(runtimeType: RuntimeType): void {
    if (runtimeType === this.runtimeType) return;
    this.runtimeType = runtimeType;
    this.changed();
  }

  driverType(config: CartoncubeConfig = this.loadConfig()): CartoncubeDriverType {
    return effectiveCartoncubeDriver(config.driver, this.runtimeType);
  }

  get connected(): boolean {
    return this.driver?.connected ?? false;
  }

  async connect(): Promise<void> {
    await this.currentDriver().connect();
  }

  async measure(): Promise<CartoncubeMeasurement> {
    const driver = this.currentDriver();
    if (!driver.connected) await driver.connect();
    return driver.measure();
  }

  disconnect(): void {
    this.driver?.disconnect();
  }

  /** Picks up saved settings now: a changed driver type drops the old driver. */
  refresh(): void {
    this.currentDriver();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getConnected = (): boolean => this.connected;

  private currentDriver(): CartoncubeDriver {
    this.config = this.loadConfig();
    const type = this.driverType(this.config);
    if (this.driver && type === this.type) return this.driver;
    const previous = this.driver;
    this.driver = this.createDriver(type, () => this.config, this.changed);
    this.type = type;
    previous?.disconnect();
    this.changed();
    return this.driver;
  }

  private readonly changed = () => {
    for (const listener of [...this.listeners]) listener();
  };
}

/** This device's cartoncube. */
export const cartoncubeManager = new CartoncubeManager();

/** The pack app's cartoncube: connects on demand, then measures. */
export const cartoncubeService: CartoncubeService = {
  measure: () => cartoncubeManager.measure(),
};
