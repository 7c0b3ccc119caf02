/** A scanned login: `username<TAB>password` (the scanner types a tab between the two). */
export function parseScanLogin(text: string): { username: string; password: string } | null {
  const tab = text.indexOf('\t');
  if (tab <= 0) return null;
  const username = text.slice(0, tab).trim();
  const password = text.slice(tab + 1).replace(/[\r\n]+$/, '');
  return username ? { username, password } : null;
}

/** Scanners type fast; the login waits this long after the last character. */
export const scanLoginDelayMs = 50;

/** Shift+Alt+B opens the scan login (by key position, so Alt's special characters do not matter). */
export function isScanLoginShortcut(event: KeyboardEvent): boolean {
  return event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyB';
}
