import { ScaleError } from './scale-errors.js';

/** What every peripheral driver (scale, cartoncube) does besides its reading. */
export interface PeripheralDriver {
  connect(): Promise<void>;
  disconnect(): void;
  readonly connected: boolean;
}

/**
 * A driver whose connection is only a flag (TEST drivers, HTTP devices): connect() sets it once
 * checkConnect() passes, disconnect() clears it, each change reported to onChange. A reading
 * before connect() is the spec's NOT CONNECTED (requireConnected).
 */
export abstract class FlagConnectedDriver implements PeripheralDriver {
  private isConnected = false;

  constructor(private readonly onChange: () => void = () => undefined) {}

  get connected(): boolean {
    return this.isConnected;
  }

  async connect(): Promise<void> {
    if (this.isConnected) return;
    this.checkConnect();
    this.isConnected = true;
    this.onChange();
  }

  disconnect(): void {
    if (!this.isConnected) return;
    this.isConnected = false;
    this.onChange();
  }

  /** Throws a ScaleError when the driver cannot connect (nothing to check by default). */
  protected checkConnect(): void {}

  protected requireConnected(): void {
    if (!this.isConnected) throw new ScaleError('notConnected');
  }
}
