import { useEffect, useRef, useState } from 'react';
import { useDeviceConfig } from '../../platform/device-config.js';
import { takePendingTap } from './pending-tap.js';
import { isKeyboardTarget, layoutForInput, type KeyboardLayout } from './keyboard-layouts.js';
import { VirtualKeyboard } from './VirtualKeyboard.js';

type Target = HTMLInputElement | HTMLTextAreaElement;

/** Where an input's own inputmode is kept while the keyboard suppresses the system one. */
const savedInputModeAttribute = 'data-saved-inputmode';

/** inputmode=none keeps a phone's own keyboard away while ours is open. */
function suppressSystemKeyboard(element: Target): void {
  if (element.hasAttribute(savedInputModeAttribute)) return;
  element.setAttribute(savedInputModeAttribute, element.getAttribute('inputmode') ?? '');
  element.setAttribute('inputmode', 'none');
}

function restoreSystemKeyboard(element: Target | null): void {
  if (!element?.hasAttribute(savedInputModeAttribute)) return;
  const saved = element.getAttribute(savedInputModeAttribute) ?? '';
  element.removeAttribute(savedInputModeAttribute);
  if (saved) element.setAttribute('inputmode', saved);
  else element.removeAttribute('inputmode');
}

/**
 * Shows the virtual keyboard for a tapped input while the device config's useVirtualKeyboard is
 * on (mounted once at the root through VirtualKeyboardMount). While open, focus moving to another
 * input moves the keyboard there (with that input's layout); focus going nowhere closes it; the
 * close key hides it until the input is tapped again. A phone's own keyboard is kept away
 * (inputmode=none) while ours is open.
 */
export function VirtualKeyboardHost() {
  const { config } = useDeviceConfig();
  const enabled = config.useVirtualKeyboard;
  const [target, setTarget] = useState<Target | null>(null);
  const [layout, setLayout] = useState<KeyboardLayout>('text');
  const openRef = useRef(false);
  openRef.current = target !== null;

  useEffect(() => {
    if (!enabled) {
      setTarget(null);
      return;
    }
    const show = (element: Target) => {
      // The layout follows the input's own inputmode, so read it before suppressing it.
      if (!element.hasAttribute(savedInputModeAttribute)) setLayout(layoutForInput(element));
      suppressSystemKeyboard(element);
      setTarget((previous) => {
        if (previous !== element) restoreSystemKeyboard(previous);
        return element;
      });
      element.scrollIntoView?.({ block: 'center' });
    };
    // Focus alone (a screen focusing its scanner bar) does not open the keyboard: a tap does.
    // While it is open, focus moving to another input (Tab, Enter to the next field) takes it along.
    const onFocusIn = (event: FocusEvent) => {
      if (openRef.current && isKeyboardTarget(event.target as Element | null)) show(event.target as Target);
    };
    const onFocusOut = () => {
      setTimeout(() => {
        if (isKeyboardTarget(document.activeElement)) return;
        setTarget((previous) => {
          restoreSystemKeyboard(previous);
          return null;
        });
      }, 0);
    };
    const onClick = (event: MouseEvent) => {
      const element = event.target as Element | null;
      if (isKeyboardTarget(element) && element === document.activeElement) show(element);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('click', onClick);
    const tapped = takePendingTap();
    if (tapped) show(tapped);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', onClick);
      document
        .querySelectorAll<Target>(`[${savedInputModeAttribute}]`)
        .forEach((element) => restoreSystemKeyboard(element));
    };
  }, [enabled]);

  return (
    <VirtualKeyboard
      open={enabled && target !== null && target.isConnected}
      target={target}
      layout={layout}
      onLayoutChange={setLayout}
      onClose={() => {
        restoreSystemKeyboard(target);
        setTarget(null);
      }}
    />
  );
}
