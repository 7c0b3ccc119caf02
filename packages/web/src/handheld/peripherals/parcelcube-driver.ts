import type { CartoncubeConfig } from './cartoncube-config.js';
import {
  applyParcelcubeConfig,
  parseParcelDimensionResult,
  type CartoncubeDriver,
  type CartoncubeMeasurement,
} from './cartoncube-driver.js';
import { ScaleError } from './scale-errors.js';

/** The spec's peripheral read timeout. */
export const parcelcubeTimeoutMs = 5_000;

type ParcelcubeSettings = Pick<
  CartoncubeConfig,
  'url' | 'dimensionMultiplier' | 'heightCorrection' | 'weightMultiplier' | 'weightCorrection'
>;

/**
 * The PARCELCUBE cartoncube: a parcel-cube device read over HTTP (GET of its URL, a JSON parcel
 * dimension result {width, height, depth, weight}), with the config's multipliers and corrections
 * applied (applyParcelcubeConfig). HTTP keeps no connection: connect() checks that a URL is set
 * (else couldNotConnectToDevice). A failed call, a status other than 2xx or no answer within 5 s:
 * couldNotReadInput; an answer that is not a parcel dimension result: invalidInputReceived.
 */
export class ParcelcubeDriver implements CartoncubeDriver {
  private isConnected = false;

  constructor(
    /** Asked at each measurement, so changed corrections apply at once. */
    private readonly settings: () => ParcelcubeSettings,
    private readonly onChange: () => void = () => undefined,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = parcelcubeTimeoutMs,
  ) {}

  get connected(): boolean {
    return this.isConnected;
  }

  async connect(): Promise<void> {
    if (this.isConnected) return;
    if (this.settings().url === '') throw new ScaleError('couldNotConnectToDevice');
    this.isConnected = true;
    this.onChange();
  }

  async measure(): Promise<CartoncubeMeasurement> {
    if (!this.isConnected) throw new ScaleError('notConnected');
    const settings = this.settings();
    const answer = await this.read(settings.url);
    const result = parseParcelDimensionResult(answer);
    if (!result)
      throw new ScaleError('invalidInputReceived', { args: { value: JSON.stringify(answer).slice(0, 200) } });
    return applyParcelcubeConfig(result, settings);
  }

  disconnect(): void {
    if (!this.isConnected) return;
    this.isConnected = false;
    this.onChange();
  }

  private async read(url: string): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await this.fetchImpl(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: controller.signal,
        credentials: 'omit',
      });
      if (!response.ok) throw new ScaleError('couldNotReadInput', { args: { status: response.status } });
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ScaleError('invalidInputReceived', { args: { value: text.slice(0, 200) } });
      }
    } catch (error) {
      if (error instanceof ScaleError) throw error;
      throw new ScaleError('couldNotReadInput', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
