/**
 * The PWA: public/sw.js caches the app shell (see there); registered in production builds.
 * The display mode (standalone or fullscreen) is chosen per device before installing: the
 * preference picks which manifest index.html links to (manifest.webmanifest or
 * manifest-fullscreen.webmanifest). An installed app keeps the mode it was installed with.
 */
export const serviceWorkerUrl = '/sw.js';
export const pwaDisplayModes = ['standalone', 'fullscreen'] as const;
export type PwaDisplayMode = (typeof pwaDisplayModes)[number];
export const pwaDisplayModeKey = 'wms.pwaDisplayMode';

export const manifestUrls: Record<PwaDisplayMode, string> = {
  standalone: '/manifest.webmanifest',
  fullscreen: '/manifest-fullscreen.webmanifest',
};

export function serviceWorkerSupported(): boolean {
  return 'serviceWorker' in navigator;
}

export function registerServiceWorker(): void {
  if (!serviceWorkerSupported()) return;
  const start = () => {
    navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Registers (again) and resolves when done; for the device settings' buttons. */
export async function registerServiceWorkerNow(): Promise<void> {
  await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' });
}

/** Unregisters this app's own service worker; false when there was none. */
export async function unregisterServiceWorker(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.unregister() : false;
}

/** Unregisters every service worker of this origin and empties their caches; returns how many. */
export async function unregisterAllServiceWorkers(): Promise<number> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  return registrations.length;
}

/** Checks for a new sw.js; false when no service worker is registered. */
export async function updateServiceWorker(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return false;
  await registration.update();
  return true;
}

export function readPwaDisplayMode(): PwaDisplayMode {
  try {
    return localStorage.getItem(pwaDisplayModeKey) === 'fullscreen' ? 'fullscreen' : 'standalone';
  } catch {
    return 'standalone';
  }
}

/** Points <link rel="manifest"> at the manifest of the stored display mode. */
export function applyPwaDisplayMode(mode: PwaDisplayMode = readPwaDisplayMode()): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = manifestUrls[mode];
}

export function savePwaDisplayMode(mode: PwaDisplayMode): void {
  localStorage.setItem(pwaDisplayModeKey, mode);
  applyPwaDisplayMode(mode);
}
