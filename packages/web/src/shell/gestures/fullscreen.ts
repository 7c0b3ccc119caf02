import { useCallback, useEffect, useSyncExternalStore } from 'react';

const storageKey = 'wms.forceFullscreen';
const listeners = new Set<() => void>();

function readForced(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

let forced = readForced();

/** Asks for fullscreen; browsers refuse outside a user gesture or without the API, which is fine. */
export function requestFullscreen(): void {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
  root.requestFullscreen().catch(() => undefined);
}

function exitFullscreen(): void {
  if (document.fullscreenElement && typeof document.exitFullscreen === 'function')
    document.exitFullscreen().catch(() => undefined);
}

function setForced(next: boolean): void {
  forced = next;
  try {
    localStorage.setItem(storageKey, String(next));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs on every click or key press (a user gesture, so fullscreen may be requested). */
function useInteraction(handler: (() => void) | null, once: boolean): void {
  useEffect(() => {
    if (!handler) return;
    const onInteraction = () => {
      handler();
      if (once) remove();
    };
    const remove = () => {
      window.removeEventListener('pointerdown', onInteraction, true);
      window.removeEventListener('keydown', onInteraction, true);
    };
    window.addEventListener('pointerdown', onInteraction, true);
    window.addEventListener('keydown', onInteraction, true);
    return remove;
  }, [handler, once]);
}

/** Device config goFullscreenOnFirstInteraction: fullscreen on the first click or key press. */
export function useFullscreenOnFirstInteraction(enabled: boolean): void {
  useInteraction(enabled ? requestFullscreen : null, true);
}

/**
 * The user dropdown's force-fullscreen toggle (kept on this device): while on, every click or key
 * press goes back to fullscreen if the browser left it.
 */
export function useForceFullscreen(): { forced: boolean; toggle: () => void } {
  const current = useSyncExternalStore(subscribe, () => forced);
  useInteraction(current ? requestFullscreen : null, false);
  const toggle = useCallback(() => {
    const next = !forced;
    setForced(next);
    if (next) requestFullscreen();
    else exitFullscreen();
  }, []);
  return { forced: current, toggle };
}
