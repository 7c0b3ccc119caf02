import { useEffect } from 'react';
import { isScanLoginShortcut } from './scan-login.js';

/** Shift+Alt+B anywhere while the login modal is open. */
export function useLoginShortcut(onScanLogin: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isScanLoginShortcut(event)) return;
      event.preventDefault();
      onScanLogin();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onScanLogin]);
}
