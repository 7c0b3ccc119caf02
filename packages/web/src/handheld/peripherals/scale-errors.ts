import type { TranslationKey } from '@wms/contract';

/**
 * Scale failures: each has a translation key in the device
 * namespace (device:peripherals.<code>), so both the maintenance panel and the handheld flows can
 * show it. A read without a connection is the spec's NOT CONNECTED (its message, too).
 */
export const scaleErrorCodes = [
  /** No device within 5 s, the chooser was cancelled, or the service/characteristic is missing. */
  'couldNotConnectToDevice',
  /** The reply does not read as "<x> <y> <number> <kg|g>". */
  'invalidInputReceived',
  /** read() without a connected device. */
  'notConnected',
  /** The command could not be written, or no reply came within 5 s. */
  'couldNotReadInput',
] as const;
export type ScaleErrorCode = (typeof scaleErrorCodes)[number];

export class ScaleError extends Error {
  /** The translation key to show (namespace included), like an ApiError's key. */
  readonly key: TranslationKey;
  readonly args: Record<string, unknown>;

  constructor(
    readonly code: ScaleErrorCode,
    options: { cause?: unknown; args?: Record<string, unknown> } = {},
  ) {
    super(code === 'notConnected' ? 'NOT CONNECTED' : code, { cause: options.cause });
    this.name = 'ScaleError';
    this.key = `device:peripherals.${code}`;
    this.args = options.args ?? {};
  }
}

/** Any failure as a ScaleError (an unexpected one counts as a failed read). */
export function toScaleError(error: unknown): ScaleError {
  return error instanceof ScaleError ? error : new ScaleError('couldNotReadInput', { cause: error });
}
