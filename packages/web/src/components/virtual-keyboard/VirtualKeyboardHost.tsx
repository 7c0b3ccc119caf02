import { useEffect, useState } from 'react';
import { useDeviceConfig } from '../../platform/device-config.js';
import { isKeyboardTarget, layoutForInput, type KeyboardLayout } from './keyboard-layouts.js';
import { VirtualKeyboard } from './VirtualKeyboard.js';

type Target = HTMLInputElement | HTMLTextAreaElement;

/**
 * Shows the virtual keyboard for the focused input while the device config's useVirtualKeyboard
 * is on. Mount once at the top of the app. Focus moving to another input moves the keyboard
 * there (with that input's layout); focus going nowhere closes it; the close key hides it until
 * the input is tapped or focused again.
 */
export function VirtualKeyboardHost() {
  const { config } = useDeviceConfig();
  const enabled = config.useVirtualKeyboard;
  const [target, setTarget] = useState<Target | null>(null);
  const [layout, setLayout] = useState<KeyboardLayout>('text');

  useEffect(() => {
    if (!enabled) {
      setTarget(null);
      return;
    }
    const show = (element: Target) => {
      setTarget(element);
      setLayout(layoutForInput(element));
      element.scrollIntoView?.({ block: 'center' });
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isKeyboardTarget(event.target as Element | null)) show(event.target as Target);
    };
    const onFocusOut = () => {
      setTimeout(() => {
        if (!isKeyboardTarget(document.activeElement)) setTarget(null);
      }, 0);
    };
    const onClick = (event: MouseEvent) => {
      const element = event.target as Element | null;
      if (isKeyboardTarget(element) && element === document.activeElement) show(element);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('click', onClick);
    if (isKeyboardTarget(document.activeElement)) show(document.activeElement);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', onClick);
    };
  }, [enabled]);

  return (
    <VirtualKeyboard
      open={enabled && target !== null && target.isConnected}
      target={target}
      layout={layout}
      onLayoutChange={setLayout}
      onClose={() => setTarget(null)}
    />
  );
}
