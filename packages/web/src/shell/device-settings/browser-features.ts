/** Prints a small test page through the browser's print dialog (the 'browser' printer choice). */
export function printTestPage(title: string, lines: readonly string[]): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  const heading = doc.createElement('h1');
  heading.textContent = title;
  doc.body.appendChild(heading);
  for (const line of lines) {
    const paragraph = doc.createElement('p');
    paragraph.textContent = line;
    doc.body.appendChild(paragraph);
  }
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
  // Some browsers never fire afterprint for an iframe.
  window.setTimeout(() => frame.remove(), 60_000);
}

export function bluetoothFlagSet(): boolean {
  return 'bluetooth' in navigator;
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return 'Notification' in window ? Notification.permission : 'unsupported';
}
