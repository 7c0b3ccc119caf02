import { failureNotice } from './engine/outcomes.js';
import { notify } from '../platform/notifications.js';

/** Shows a failure of a quiet call once: its key and args, with the error sound. */
export function showFailure(error: unknown): void {
  const notice = failureNotice(error);
  notify(notice.variant, notice.key, notice.args ?? {}, { sound: true });
}
