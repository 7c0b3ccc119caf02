import type { CartoncubeConfig } from './cartoncube-config.js';
import {
  applyParcelcubeConfig,
  parseParcelDimensionResult,
  type CartoncubeDriver,
  type CartoncubeMeasurement,
} from './cartoncube-driver.js';
import { FlagConnectedDriver } from './peripheral-driver.js';
import { ScaleError } from './scale-errors.js';

/** The spec's peripheral read timeout. */
export const parcelcubeTimeoutMs = 5_000;
/** The largest answer read (a parcel dimension result is a few dozen bytes); a longer one is invalid input. */
export const parcelcubeAnswerMaxBytes = 16_384;

type ParcelcubeSettings = Pick<
  CartoncubeConfig,
  'url' | 'dimensionMultiplier' | 'heightCorrection' | 'weightMultiplier' | 'weightCorrection'
>;

/**
 * The PARCELCUBE cartoncube: a parcel-cube device read over HTTP (GET of its URL, a JSON parcel
 * dimension result {width, height, depth, weight}), with the config's multipliers and corrections
 * applied (applyParcelcubeConfig). HTTP keeps no connection: connect() checks that a URL is set
 * (else couldNotConnectToDevice). A failed call, a status other than 2xx or no answer within 5 s:
 * couldNotReadInput; an answer over 16 KiB or that is not a parcel dimension result:
 * invalidInputReceived.
 */
export class ParcelcubeDriver extends FlagConnectedDriver implements CartoncubeDriver {
  constructor(
    /** Asked at each measurement, so changed corrections apply at once. */
    private readonly settings: () => ParcelcubeSettings,
    onChange?: () => void,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = parcelcubeTimeoutMs,
  ) {
    super(onChange);
  }

  protected override checkConnect(): void {
    if (this.settings().url === '') throw new ScaleError('couldNotConnectToDevice');
  }

  async measure(): Promise<CartoncubeMeasurement> {
    this.requireConnected();
    const settings = this.settings();
    const answer = await this.read(settings.url);
    const result = parseParcelDimensionResult(answer);
    if (!result)
      throw new ScaleError('invalidInputReceived', { args: { value: JSON.stringify(answer).slice(0, 200) } });
    return applyParcelcubeConfig(result, settings);
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
      const text = await boundedText(response, parcelcubeAnswerMaxBytes);
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

/** The answer's text, read no further than maxBytes (a longer answer is invalidInputReceived). */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const tooLong = () => new ScaleError('invalidInputReceived', { args: { value: `> ${maxBytes} bytes` } });
  if (Number(response.headers.get('content-length')) > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLong();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLong();
    }
    text += decoder.decode(value, { stream: true });
  }
}
