/**
 * The scanner's double-read windows: the handheld engine applies them, the
 * device settings store the repeat window. Kept in platform so both layers read one definition.
 */

/** Duplicate reads of the same text within this many ms are ignored. */
export const duplicateReadWindowMs = 1000;
/** The double-read window of a step that counts repeats or asks for the same scan again. */
export const defaultRepeatWindowMs = 80;
/** The repeat window a device may set: 0 (every repeat counts) to the full 1 s. */
export const repeatWindowLimits = { min: 0, max: duplicateReadWindowMs } as const;

/** A repeat window within the limits, in whole ms; anything unusable gives the default. */
export function clampRepeatWindow(value: unknown): number {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return defaultRepeatWindowMs;
  return Math.round(Math.min(repeatWindowLimits.max, Math.max(repeatWindowLimits.min, ms)));
}
