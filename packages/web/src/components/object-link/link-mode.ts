import { useEffect, useSyncExternalStore } from 'react';

/**
 * Link behaviour inside buttons: an ObjectLink inside a
 * <button> is inert, so a tap presses the button, unless link behaviour is on. Holding Alt turns
 * it on while held; a shake of the device toggles it.
 */

/** Acceleration (m/s², gravity excluded; with gravity the excess over 1 g) that counts as a shake. */
export const shakeThreshold = 15;
/** Shakes closer together than this count once (one shake gesture fires several motion events). */
export const shakeDebounceMs = 1000;
const gravity = 9.81;

interface LinkModeState {
  altHeld: boolean;
  toggled: boolean;
}

let state: LinkModeState = { altHeld: false, toggled: false };
let lastShakeAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

function changed(next: LinkModeState): void {
  if (next.altHeld === state.altHeld && next.toggled === state.toggled) return;
  state = next;
  for (const listener of listeners) listener();
}

export function isLinkModeOn(): boolean {
  return state.altHeld || state.toggled;
}

export function setAltHeld(held: boolean): void {
  changed({ ...state, altHeld: held });
}

export function toggleLinkMode(): void {
  changed({ ...state, toggled: !state.toggled });
}

/** Back to off (tests; sign-out). */
export function resetLinkMode(): void {
  lastShakeAt = Number.NEGATIVE_INFINITY;
  changed({ altHeld: false, toggled: false });
}

type Vector = { x: number | null; y: number | null; z: number | null } | null | undefined;

/** The strength of a motion event: the acceleration without gravity when the device gives it. */
export function shakeStrength(acceleration: Vector, withGravity: Vector): number {
  const size = (v: NonNullable<Vector>) => Math.hypot(v.x ?? 0, v.y ?? 0, v.z ?? 0);
  if (acceleration && (acceleration.x !== null || acceleration.y !== null || acceleration.z !== null))
    return size(acceleration);
  if (withGravity) return Math.max(0, size(withGravity) - gravity);
  return 0;
}

/** Feeds one motion reading; toggles link mode on a shake (debounced). Answers whether it toggled. */
export function handleMotion(strength: number, now: number): boolean {
  if (strength < shakeThreshold) return false;
  if (now - lastShakeAt < shakeDebounceMs) return false;
  lastShakeAt = now;
  toggleLinkMode();
  return true;
}

/** Whether links inside buttons act as links now. */
export function useLinkMode(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isLinkModeOn);
}

/** Listens for Alt and for shakes; mounted once (by the object dialog host). */
export function useLinkModeListeners(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => setAltHeld(event.altKey);
    const onBlur = () => setAltHeld(false);
    const onMotion = (event: DeviceMotionEvent) =>
      handleMotion(shakeStrength(event.acceleration, event.accelerationIncludingGravity), Date.now());
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    window.addEventListener('devicemotion', onMotion);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('devicemotion', onMotion);
    };
  }, []);
}
