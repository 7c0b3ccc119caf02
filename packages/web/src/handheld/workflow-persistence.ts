import type { ResumePoint } from './engine/runner.js';

/**
 * Saved handheld workflows (DOMAIN.md, handheld flows: "Reopening an app resumes its document and
 * step"). One local storage entry per app and user, `wms.workflow.<appId>.<userId>`, holding the
 * resting step, its state and the way back, plus what the app keeps beside the state (the pending
 * Idempotency-Key). The state must be JSON-safe: objects from the API, strings, numbers, booleans,
 * arrays; no functions, Dates or class instances.
 *
 * An entry is used only by the same user, the same build (another build may name its steps or
 * shape its state differently) and within `maxResumeAgeMs`; anything else is removed when read.
 */

export const workflowStoragePrefix = 'wms.workflow.';
/** A saved workflow older than this is dropped (a shift). */
export const maxResumeAgeMs = 8 * 60 * 60 * 1000;
const format = 1;

/** The part of Storage used here (localStorage in the app, a Map-backed fake in tests). */
export type WorkflowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface SavedWorkflow<S> {
  format: typeof format;
  /** The app build that saved it (__APP_VERSION__). */
  build: string;
  userId: number;
  /** ISO timestamp. */
  savedAt: string;
  point: ResumePoint<S>;
  /** What the app keeps beside the state (the transfer apps: the pending Idempotency-Key). */
  extra: unknown;
}

/** Who reads a saved workflow, and when. */
export interface ResumeContext {
  userId: number;
  build: string;
  now: Date;
  maxAgeMs?: number;
}

export function workflowStorageKey(appId: string, userId: number): string {
  return `${workflowStoragePrefix}${appId}.${userId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntry(value: unknown): value is { stepId: string; state: unknown } {
  return isRecord(value) && typeof value.stepId === 'string' && 'state' in value;
}

/** The saved workflow in `raw` when it may be resumed in this context; null otherwise. */
export function parseSavedWorkflow<S>(raw: string | null, context: ResumeContext): SavedWorkflow<S> | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.format !== format) return null;
  if (value.build !== context.build || value.userId !== context.userId) return null;
  const savedAt = typeof value.savedAt === 'string' ? Date.parse(value.savedAt) : Number.NaN;
  const age = context.now.getTime() - savedAt;
  if (!Number.isFinite(age) || age < 0 || age > (context.maxAgeMs ?? maxResumeAgeMs)) return null;
  const point = value.point;
  if (!isEntry(point)) return null;
  const history: unknown = (point as Record<string, unknown>).history;
  if (!Array.isArray(history) || !history.every(isEntry)) return null;
  return value as unknown as SavedWorkflow<S>;
}

/** Reads the saved workflow; one that may not be resumed (other user, build, too old, damaged) is removed. */
export function loadWorkflow<S>(
  storage: WorkflowStorage,
  key: string,
  context: ResumeContext,
): SavedWorkflow<S> | null {
  try {
    const raw = storage.getItem(key);
    const saved = parseSavedWorkflow<S>(raw, context);
    if (!saved && raw !== null) storage.removeItem(key);
    return saved;
  } catch {
    return null;
  }
}

/** Saves a resting point; false when it could not be stored (storage full or disabled, not JSON-safe). */
export function saveWorkflow<S>(
  storage: WorkflowStorage,
  key: string,
  saved: Omit<SavedWorkflow<S>, 'format'>,
): boolean {
  try {
    storage.setItem(key, JSON.stringify({ format, ...saved }));
    return true;
  } catch {
    return false;
  }
}

export function clearWorkflow(storage: WorkflowStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage disabled: nothing was saved either.
  }
}

/** Removes every saved workflow of a user (signing out), or of everybody without a user id. */
export function clearSavedWorkflows(storage: WorkflowStorage, userId?: number): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(workflowStoragePrefix) && (userId === undefined || key.endsWith(`.${userId}`)))
        keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage disabled: nothing was saved either.
  }
}

/** The browser's local storage, or null where there is none (private mode, tests without DOM). */
export function browserStorage(): WorkflowStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
