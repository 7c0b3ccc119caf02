import { afterEach, describe, expect, it } from 'vitest';
import {
  handleMotion,
  isLinkModeOn,
  resetLinkMode,
  setAltHeld,
  shakeDebounceMs,
  shakeStrength,
  shakeThreshold,
} from './link-mode.js';

describe('link mode', () => {
  afterEach(resetLinkMode);

  it('is on while Alt is held', () => {
    expect(isLinkModeOn()).toBe(false);
    setAltHeld(true);
    expect(isLinkModeOn()).toBe(true);
    setAltHeld(false);
    expect(isLinkModeOn()).toBe(false);
  });

  it('toggles on a shake, once per debounce window', () => {
    expect(handleMotion(shakeThreshold - 0.1, 0)).toBe(false);
    expect(handleMotion(shakeThreshold, 10_000)).toBe(true);
    expect(isLinkModeOn()).toBe(true);
    expect(handleMotion(shakeThreshold * 2, 10_000 + shakeDebounceMs - 1)).toBe(false);
    expect(isLinkModeOn()).toBe(true);
    expect(handleMotion(shakeThreshold * 2, 10_000 + shakeDebounceMs)).toBe(true);
    expect(isLinkModeOn()).toBe(false);
  });

  it('measures the acceleration without gravity, or the excess over 1 g', () => {
    expect(shakeStrength({ x: 3, y: 4, z: 12 }, null)).toBe(13);
    expect(shakeStrength({ x: null, y: null, z: null }, { x: 0, y: 0, z: 9.81 })).toBe(0);
    expect(shakeStrength(null, { x: 0, y: 0, z: 29.81 })).toBeCloseTo(20);
    expect(shakeStrength(null, null)).toBe(0);
  });
});
