import { FlagConnectedDriver } from './peripheral-driver.js';
import type { ScaleDriver, ScaleReading } from './scale-driver.js';

/**
 * The TEST scale (the scale drivers are STIMAG and TEST): connects at once and reads the
 * configured weight, so tests and demos need no hardware. Like a real scale it refuses to read
 * before connect(): NOT CONNECTED.
 */
export class TestScaleDriver extends FlagConnectedDriver implements ScaleDriver {
  constructor(
    /** The weight in kg, asked at each read so a changed setting applies at once. */
    private readonly weight: () => number,
    onChange?: () => void,
  ) {
    super(onChange);
  }

  async read(): Promise<ScaleReading> {
    this.requireConnected();
    return { weight: this.weight(), unit: 'kg' };
  }
}
