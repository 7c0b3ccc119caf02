import type { CartoncubeConfig } from './cartoncube-config.js';
import type { CartoncubeDriver, CartoncubeMeasurement } from './cartoncube-driver.js';
import { ScaleError } from './scale-errors.js';

type TestSettings = Pick<CartoncubeConfig, 'testLengthInMm' | 'testWidthInMm' | 'testHeightInMm' | 'testWeight'>;

/**
 * The TEST cartoncube: connects at once and measures the configured carton (mm and kg, no
 * corrections), so tests and demos need no device. Like the TEST scale it refuses to measure
 * before connect(): NOT CONNECTED.
 */
export class TestCartoncubeDriver implements CartoncubeDriver {
  private isConnected = false;

  constructor(
    /** Asked at each measurement, so a changed setting applies at once. */
    private readonly settings: () => TestSettings,
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

  async measure(): Promise<CartoncubeMeasurement> {
    if (!this.isConnected) throw new ScaleError('notConnected');
    const { testLengthInMm, testWidthInMm, testHeightInMm, testWeight } = this.settings();
    const weightInMg = Math.round(testWeight * 1e6);
    return {
      lengthInMm: Math.round(testLengthInMm),
      widthInMm: Math.round(testWidthInMm),
      heightInMm: Math.round(testHeightInMm),
      weightInMg: weightInMg > 0 ? weightInMg : null,
    };
  }

  disconnect(): void {
    if (!this.isConnected) return;
    this.isConnected = false;
    this.onChange();
  }
}
