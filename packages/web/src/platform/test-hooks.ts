import type { RuntimeType } from '@wms/contract';

/**
 * Hooks for the browser tests, installed only when the server's runtime type is TEST:
 * `window.__wmsTest.crash(message)` shows the error page (AppErrorBoundary) for an error with
 * a chain of two causes. Production and DEV builds get no such hook.
 */
type CrashListener = (error: Error) => void;
let crashListener: CrashListener | null = null;

export function onTestCrash(listener: CrashListener | null): void {
  crashListener = listener;
}

declare global {
  interface Window {
    __wmsTest?: { crash(message: string): void };
  }
}

export function testCrashError(message: string): Error {
  const root = new TypeError('Root cause for the test');
  const middle = new Error('Middle cause for the test', { cause: root });
  const error = new Error(message, { cause: middle });
  Object.assign(error, { payload: { test: true } });
  return error;
}

export function installTestHooks(runtimeType: RuntimeType): void {
  if (runtimeType !== 'TEST') return;
  window.__wmsTest = { crash: (message) => crashListener?.(testCrashError(message)) };
}
