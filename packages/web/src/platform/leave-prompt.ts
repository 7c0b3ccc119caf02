/**
 * Leaving the page with open requests asks first ('There are open network requests'), unless a
 * logout (or a reload the app itself started) is under way.
 */
let openRequests = 0;
let leavingOnPurpose = false;
let installed = false;

export const openRequestsMessage = 'There are open network requests';

export function requestStarted(): void {
  openRequests += 1;
  install();
}

export function requestEnded(): void {
  openRequests = Math.max(0, openRequests - 1);
}

export function openRequestCount(): number {
  return openRequests;
}

/** The session layer calls this with true when logout starts and with false once it is done. */
export function setLoggingOut(on: boolean): void {
  leavingOnPurpose = on;
}

/** Whether leaving now should be confirmed. */
export function shouldPromptOnLeave(): boolean {
  return openRequests > 0 && !leavingOnPurpose;
}

/** A reload the app wants (410, RELOAD, OldVersionException): no prompt. */
export function reloadPage(): void {
  leavingOnPurpose = true;
  window.location.reload();
}

function install(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('beforeunload', (event) => {
    if (!shouldPromptOnLeave()) return;
    event.preventDefault();
    // Browsers show their own text; older ones use this value.
    event.returnValue = openRequestsMessage;
  });
}
