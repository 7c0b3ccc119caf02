import { ScaleError } from './scale-errors.js';
import type { ScaleDriver, ScaleReading } from './scale-driver.js';

/**
 * The TEST scale (the scale drivers are STIMAG and TEST): connects at once and reads the
 * configured weight, so tests and demos need no hardware. Like a real scale it refuses to read
 * before connect(): NOT CONNECTED.
 */
export class TestScaleDriver implements ScaleDriver {
  private isConnected = false;

  constructor(
    /** The weight in kg, asked at each read so a changed setting applies at once. */
    private readonly weight: () => number,
    private readonly onChange: () => void = () => undefined,
  ) {}

  get connected(): boolean {
    return this.isConnected;
  }

  async connect(): Promise<void> {
    if (this.isConnected) return;
    this.isConnected = true;
    this.onChange();
  }

  async read(): Promise<ScaleReading> {
    if (!this.isConnected) throw new ScaleError('notConnected');
    return { weight: this.weight(), unit: 'kg' };
  }

  disconnect(): void {
    if (!this.isConnected) return;
    this.isConnected = false;
    this.onChange();
  }
}
