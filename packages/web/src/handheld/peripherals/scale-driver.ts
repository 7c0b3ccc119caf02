import type { PeripheralDriver } from './peripheral-driver.js';

/** A weight read from a scale, always in kilograms. */
export interface ScaleReading {
  weight: number;
  unit: 'kg';
}

/**
 * A scale driver: connect (may ask the user to pick a device), read one weight, disconnect.
 * read() without a connection throws ScaleError('notConnected'), the spec's NOT CONNECTED.
 */
export interface ScaleDriver extends PeripheralDriver {
  read(): Promise<ScaleReading>;
}

/** The shape of the workflow engine's `services.scale`: the apps pass scaleService there. */
export interface ScaleService {
  read(): Promise<{ weight: number; unit: string }>;
}
