import { lazy, Suspense, useEffect } from 'react';
import { useDeviceConfig } from '../../platform/device-config.js';
import { isKeyboardTarget } from './keyboard-layouts.js';
import { rememberTap } from './pending-tap.js';

const VirtualKeyboardHost = lazy(() =>
  import('./VirtualKeyboardHost.js').then((module) => ({ default: module.VirtualKeyboardHost })),
);

/**
 * Mounted once at the root (login included). The keyboard's code loads only on devices whose
 * device config turns useVirtualKeyboard on, so the first load of every other device stays
 * small. A tap on an input before that code arrived is remembered, and the keyboard opens for it.
 */
export function VirtualKeyboardMount() {
  const { config } = useDeviceConfig();
  const enabled = config.useVirtualKeyboard;

  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      const element = event.target as Element | null;
      if (isKeyboardTarget(element)) rememberTap(element);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [enabled]);

  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <VirtualKeyboardHost />
    </Suspense>
  );
}
