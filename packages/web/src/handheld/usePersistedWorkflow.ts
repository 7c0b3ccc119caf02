import { useEffect, useRef, useState } from 'react';
import { appVersion } from '../platform/http.js';
import type { ResumePoint } from './engine/runner.js';
import type { WorkflowSnapshot } from './engine/types.js';
import { useWorkflow, type UseWorkflowOptions, type WorkflowControls } from './useWorkflow.js';
import {
  browserStorage,
  clearWorkflow,
  loadWorkflow,
  saveWorkflow,
  workflowStorageKey,
  type WorkflowStorage,
} from './workflow-persistence.js';

/** What an app keeps beside the workflow state and saves with it (the pending Idempotency-Key). */
export interface PersistedExtra {
  /** A JSON-safe value to save. */
  save(): unknown;
  /** Takes a saved value back (before the workflow resumes). */
  restore(value: unknown): void;
  /** Called when the value changes (saved at once: a request may be in flight). */
  subscribe(listener: () => void): () => void;
}

export interface WorkflowPersistenceOptions<S> {
  /** The app's id (contract apps.ts). */
  appId: string;
  /** The signed-in user; null: nothing is saved or resumed. */
  userId: number | null;
  /** Adjusts a saved point before resuming (a commit step offers its retry, ...). */
  restore?: (point: ResumePoint<S>) => ResumePoint<S>;
  extra?: PersistedExtra;
  /** Defaults: local storage and this build's version (tests inject them). */
  storage?: WorkflowStorage | null;
  build?: string;
}

export type PersistedWorkflowControls<S> = WorkflowControls<S> & {
  /** The workflow continued a saved point when it mounted. */
  resumed: boolean;
};

/**
 * useWorkflow that is saved and resumed (workflow-persistence.ts): every resting point (no step
 * running) is saved with the app's extra value; mounting again as the same user resumes it. A
 * finished workflow, a fresh start (the start step with the initial state: cancelled) and another
 * user (signed in while the app stayed open) save nothing, and the first two remove the entry.
 */
export function usePersistedWorkflow<S>(
  options: UseWorkflowOptions<S>,
  persistence: WorkflowPersistenceOptions<S>,
): PersistedWorkflowControls<S> {
  const [setup] = useState(() => {
    const storage = persistence.storage === undefined ? browserStorage() : persistence.storage;
    const { userId } = persistence;
    const build = persistence.build ?? appVersion;
    if (!storage || userId === null) return { storage: null, key: null, userId, build, resume: null };
    const key = workflowStorageKey(persistence.appId, userId);
    const now = (options.now ?? (() => new Date()))();
    const saved = loadWorkflow<S>(storage, key, { userId, build, now });
    if (saved) persistence.extra?.restore(saved.extra);
    const resume = saved ? (persistence.restore?.(saved.point) ?? saved.point) : null;
    return { storage, key, userId, build, resume };
  });
  const workflow = useWorkflow<S>({ ...options, resume: setup.resume });
  const latest = useRef({ options, persistence });
  latest.current = { options, persistence };
  const { runner } = workflow;

  useEffect(() => {
    const { storage, key, userId, build } = setup;
    if (!storage || !key || userId === null) return undefined;
    let point: ResumePoint<S> | null = setup.resume;
    const sameUser = () => latest.current.persistence.userId === userId;
    const write = () => {
      if (!point || !sameUser()) return;
      const now = (latest.current.options.now ?? (() => new Date()))();
      const extra = latest.current.persistence.extra?.save() ?? null;
      if (!saveWorkflow(storage, key, { build, userId, savedAt: now.toISOString(), point, extra }))
        clearWorkflow(storage, key);
    };
    const drop = () => {
      point = null;
      if (sameUser()) clearWorkflow(storage, key);
    };
    const fresh = (snapshot: WorkflowSnapshot<S>) => {
      const { initial, start } = latest.current.options;
      if (snapshot.stepId !== start || snapshot.canGoBack) return false;
      const state = typeof initial === 'function' ? (initial as () => S)() : initial;
      return JSON.stringify(snapshot.state) === JSON.stringify(state);
    };
    const unsubscribe = runner.subscribe((snapshot) => {
      if (snapshot.busy) return;
      if (snapshot.finished || fresh(snapshot)) return drop();
      point = runner.resumePoint();
      write();
    });
    const unsubscribeEffects = runner.subscribeEffects((effects) => {
      if (effects.finished) drop();
    });
    const unsubscribeExtra = latest.current.persistence.extra?.subscribe(write);
    return () => {
      unsubscribe();
      unsubscribeEffects();
      unsubscribeExtra?.();
    };
  }, [runner, setup]);

  return { ...workflow, resumed: setup.resume !== null };
}
