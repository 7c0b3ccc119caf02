import type { RuntimeType } from '@wms/contract';
import { BluetoothScaleDriver } from './bluetooth-scale-driver.js';
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
 * The device's one scale connection, shared by the device settings panel and the handheld apps.
 * The driver is kept while the driver type, service and characteristic stay the same; a change of
 * those disconnects it and the next use makes a new one. read() connects on demand, then reads.
 */
export class ScaleManager {
  private driver: ScaleDriver | null = null;
  private driverKey = '';
  private config: ScaleConfig;
  private runtimeType: RuntimeType = 'PRODUCTION';
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly createDriver: ScaleDriverFactory = createScaleDriver,
    private readonly loadConfig: () => ScaleConfig = loadScaleConfig,
  ) {
    this.config = loadConfig();
  }

  /** The server's runtime type decides what driver AUTO means (TEST on a TEST server). */
  setRuntimeType(runtimeType: RuntimeType): void {
    if (runtimeType === this.runtimeType) return;
    this.runtimeType = runtimeType;
    this.changed();
  }

  /** The driver AUTO stands for now, or the chosen one. */
  driverType(config: ScaleConfig = this.loadConfig()): ScaleDriverType {
    return effectiveScaleDriver(config.driver, this.runtimeType);
  }

  get connected(): boolean {
    return this.driver?.connected ?? false;
  }

  async connect(): Promise<void> {
    await this.currentDriver().connect();
  }

  async read(): Promise<ScaleReading> {
    const driver = this.currentDriver();
    if (!driver.connected) await driver.connect();
    return driver.read();
  }

  disconnect(): void {
    this.driver?.disconnect();
  }

  /** Picks up saved settings now: a changed driver type, service or characteristic drops the old driver. */
  refresh(): void {
    this.currentDriver();
  }

  /** For useSyncExternalStore: called on connection and runtime type changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getConnected = (): boolean => this.connected;

  private currentDriver(): ScaleDriver {
    const config = this.loadConfig();
    this.config = config;
    const type = this.driverType(config);
    const key = type === 'BLUETOOTH' ? `${type} ${config.serviceUuid} ${config.characteristicUuid}` : type;
    if (this.driver && key === this.driverKey) return this.driver;
    const previous = this.driver;
    this.driver = this.createDriver(type, config, () => this.config, this.changed);
    this.driverKey = key;
    previous?.disconnect();
    this.changed();
    return this.driver;
  }

  private readonly changed = () => {
    for (const listener of [...this.listeners]) listener();
  };
}

/** This device's scale. */
export const scaleManager = new ScaleManager();

/** The workflow engine's services.scale: connects on demand, then reads the weight in kg. */
export const scaleService: ScaleService = {
  read: () => scaleManager.read(),
};
