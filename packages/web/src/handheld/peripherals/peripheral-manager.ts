import type { RuntimeType } from '@wms/contract';
import type { PeripheralDriver } from './peripheral-driver.js';

/** What a peripheral manager is told about its kind of device. */
export interface PeripheralKind<Config extends { driver: string }, Type extends string, Driver> {
  loadConfig: () => Config;
  /** The driver the config's choice stands for (AUTO depends on the server's runtime type). */
  effectiveDriver: (choice: Config['driver'], runtimeType: RuntimeType) => Type;
  /**
   * Makes the driver: `config` is the one it is made for, `settings` gives the config at the
   * moment of use (a changed setting applies without reconnecting), `onChange` reports connection
   * changes.
   */
  createDriver: (type: Type, config: Config, settings: () => Config, onChange: () => void) => Driver;
  /** What the driver is made for: a change drops the old driver (by default its type). */
  driverKey?: (type: Type, config: Config) => string;
}

/**
 * The device's one connection to a kind of peripheral (scale, cartoncube), shared by the
 * peripherals manager and the handheld apps. The driver is kept while its key stays the same; a
 * changed key disconnects it and the next use makes a new one. Settings are read at each use.
 */
export class PeripheralManager<
  Config extends { driver: string },
  Type extends string,
  Driver extends PeripheralDriver,
> {
  private driver: Driver | null = null;
  private key = '';
  private config: Config;
  private runtimeType: RuntimeType = 'PRODUCTION';
  private readonly listeners = new Set<() => void>();

  constructor(private readonly kind: PeripheralKind<Config, Type, Driver>) {
    this.config = kind.loadConfig();
  }

  /** The server's runtime type decides what driver AUTO means (TEST on a TEST server). */
  setRuntimeType(runtimeType: RuntimeType): void {
    if (runtimeType === this.runtimeType) return;
    this.runtimeType = runtimeType;
    this.changed();
  }

  /** The driver AUTO stands for now, or the chosen one. */
  driverType(config: Config = this.kind.loadConfig()): Type {
    return this.kind.effectiveDriver(config.driver, this.runtimeType);
  }

  get connected(): boolean {
    return this.driver?.connected ?? false;
  }

  async connect(): Promise<void> {
    await this.currentDriver().connect();
  }

  disconnect(): void {
    this.driver?.disconnect();
  }

  /** Picks up saved settings now: a changed driver key drops the old driver. */
  refresh(): void {
    this.currentDriver();
  }

  /** For useSyncExternalStore: called on connection and runtime type changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getConnected = (): boolean => this.connected;

  /** The current driver, connected on demand: the readings go through it. */
  protected async connectedDriver(): Promise<Driver> {
    const driver = this.currentDriver();
    if (!driver.connected) await driver.connect();
    return driver;
  }

  private currentDriver(): Driver {
    const config = this.kind.loadConfig();
    this.config = config;
    const type = this.driverType(config);
    const key = this.kind.driverKey?.(type, config) ?? type;
    if (this.driver && key === this.key) return this.driver;
    const previous = this.driver;
    this.driver = this.kind.createDriver(type, config, () => this.config, this.changed);
    this.key = key;
    previous?.disconnect();
    this.changed();
    return this.driver;
  }

  private readonly changed = () => {
    for (const listener of [...this.listeners]) listener();
  };
}
