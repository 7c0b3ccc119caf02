/** The input tapped last, kept for the keyboard host that loads after the tap (VirtualKeyboardMount). */
let lastTapped: HTMLInputElement | HTMLTextAreaElement | null = null;

export function rememberTap(element: HTMLInputElement | HTMLTextAreaElement): void {
  lastTapped = element;
}

/** The tapped input when it still has the focus (the user is still on it), once. */
export function takePendingTap(): HTMLInputElement | HTMLTextAreaElement | null {
  const element = lastTapped;
  lastTapped = null;
  return element && element.isConnected && element === document.activeElement ? element : null;
}
