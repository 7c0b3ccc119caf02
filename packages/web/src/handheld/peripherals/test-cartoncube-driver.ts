import type { CartoncubeConfig } from './cartoncube-config.js';
import type { CartoncubeDriver, CartoncubeMeasurement } from './cartoncube-driver.js';
import { FlagConnectedDriver } from './peripheral-driver.js';

type TestSettings = Pick<CartoncubeConfig, 'testLengthInMm' | 'testWidthInMm' | 'testHeightInMm' | 'testWeight'>;

/**
 * The TEST cartoncube: connects at once and measures the configured carton (mm and kg, no
 * corrections), so tests and demos need no device. Like the TEST scale it refuses to measure
 * before connect(): NOT CONNECTED.
 */
export class TestCartoncubeDriver extends FlagConnectedDriver implements CartoncubeDriver {
  constructor(
    /** Asked at each measurement, so a changed setting applies at once. */
    private readonly settings: () => TestSettings,
    onChange?: () => void,
  ) {
    super(onChange);
  }

  async measure(): Promise<CartoncubeMeasurement> {
    this.requireConnected();
    const { testLengthInMm, testWidthInMm, testHeightInMm, testWeight } = this.settings();
    const weightInMg = Math.round(testWeight * 1e6);
    return {
      lengthInMm: Math.round(testLengthInMm),
      widthInMm: Math.round(testWidthInMm),
      heightInMm: Math.round(testHeightInMm),
      weightInMg: weightInMg > 0 ? weightInMg : null,
    };
  }
}
