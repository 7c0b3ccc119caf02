import { describe, expect, it } from 'vitest';
import { WorkflowRunner, type ResumePoint } from './engine/runner.js';
import { contentRow, makeEnv, makeItem, makeLocation } from './engine/testing/fakes.js';
import { stay, type Step } from './engine/types.js';
import {
  clearSavedWorkflows,
  loadWorkflow,
  maxResumeAgeMs,
  parseSavedWorkflow,
  saveWorkflow,
  workflowStorageKey,
  type WorkflowStorage,
} from './workflow-persistence.js';

/** A Map-backed Storage. */
function memoryStorage(): WorkflowStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

interface State {
  from: ReturnType<typeof makeLocation> | null;
  item: string | null;
}

const savedAt = new Date('2025-03-01T08:00:00.000Z');
const later = (ms: number) => new Date(savedAt.getTime() + ms);
const point: ResumePoint<State> = {
  stepId: 'item',
  state: { from: makeLocation({ code: '01-A01-01' }), item: null },
  history: [{ stepId: 'from', state: { from: null, item: null } }],
};
const context = { userId: 7, build: '1.2.3', now: later(60_000) };
const key = workflowStorageKey('stockTransfer', 7);

function saved(storage: WorkflowStorage, changes: Partial<{ userId: number; build: string; savedAt: string }> = {}) {
  return saveWorkflow(storage, key, {
    build: '1.2.3',
    userId: 7,
    savedAt: savedAt.toISOString(),
    point,
    extra: { body: '{"lines":[]}', key: 'key-1' },
    ...changes,
  });
}

describe('workflow persistence', () => {
  it('names the entry per app and user', () => {
    expect(key).toBe('wms.workflow.stockTransfer.7');
  });

  it('restores the step, the state, the way back and the extra value it saved', () => {
    const storage = memoryStorage();
    expect(saved(storage)).toBe(true);
    const restored = loadWorkflow<State>(storage, key, context);
    expect(restored?.point).toEqual(point);
    expect(restored?.extra).toEqual({ body: '{"lines":[]}', key: 'key-1' });
  });

  it('keeps a transfer state as it was: API objects are JSON-safe', () => {
    const storage = memoryStorage();
    const item = makeItem({ code: 'ITEM-001', name: 'Hex bolt' });
    const state = {
      from: makeLocation({ code: '01-A01-01' }),
      fromContents: [contentRow('ITEM-001', 12, [{ code: 'B1', quantity: 12, serials: [['S1', null]] }])],
      identification: { item, matchedBy: 'CODE', scanQuantity: 1000, batch: null, lot: null, serial: null },
      quantity: 5000,
    };
    saveWorkflow(storage, key, {
      build: '1.2.3',
      userId: 7,
      savedAt: savedAt.toISOString(),
      point: { stepId: 'to', state, history: [] },
      extra: null,
    });
    expect(loadWorkflow(storage, key, context)?.point.state).toEqual(state);
  });

  it('drops (and removes) an entry older than 8 hours, from another build or of another user', () => {
    for (const [changes, readAs] of [
      [{}, { ...context, now: later(maxResumeAgeMs + 1) }],
      [{ build: '1.2.2' }, context],
      [{ userId: 8 }, context],
    ] as const) {
      const storage = memoryStorage();
      saved(storage, changes);
      expect(loadWorkflow(storage, key, readAs)).toBeNull();
      expect(storage.entries.size).toBe(0);
    }
    const storage = memoryStorage();
    saved(storage);
    expect(loadWorkflow(storage, key, { ...context, now: later(maxResumeAgeMs - 1) })).not.toBeNull();
  });

  it('drops damaged entries and ones from the future', () => {
    expect(parseSavedWorkflow('{not json', context)).toBeNull();
    expect(parseSavedWorkflow(JSON.stringify({ format: 1, build: '1.2.3', userId: 7 }), context)).toBeNull();
    const storage = memoryStorage();
    saved(storage);
    const raw = storage.getItem(key);
    const broken = JSON.stringify({ ...JSON.parse(raw ?? '{}'), point: { stepId: 'item', state: {}, history: 'x' } });
    expect(parseSavedWorkflow(broken, context)).toBeNull();
    expect(parseSavedWorkflow(raw, { ...context, now: later(-60_000) })).toBeNull();
    expect(parseSavedWorkflow(null, context)).toBeNull();
  });

  it('signing out removes that user’s saved workflows only', () => {
    const storage = memoryStorage();
    storage.setItem(workflowStorageKey('stockTransfer', 7), '{}');
    storage.setItem(workflowStorageKey('multiStockTransfer', 7), '{}');
    storage.setItem(workflowStorageKey('stockTransfer', 17), '{}');
    storage.setItem('wms.signedInUser', '{}');
    clearSavedWorkflows(storage, 7);
    expect([...storage.entries.keys()].sort()).toEqual(['wms.signedInUser', 'wms.workflow.stockTransfer.17']);
  });

  it('a storage that refuses writes answers false', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saved(storage)).toBe(false);
  });
});

describe('WorkflowRunner resume', () => {
  const entered: string[] = [];
  const ask = (id: string, next: string): Step<State> => ({
    id,
    prompt: () => ({ key: `test:${id}` }),
    enter: async () => {
      entered.push(id);
      return null;
    },
    input: async (state, text) => ({ state: { ...state, item: text }, next }),
  });
  const steps = [ask('from', 'item'), ask('item', 'item2'), ask('item2', stay)];
  const initial = (): State => ({ from: null, item: null });

  it('starts at the saved step with its state and way back, without entering it again', async () => {
    entered.length = 0;
    const runner = new WorkflowRunner<State>(steps, initial, makeEnv(), 'from', { resume: point });
    await runner.idle();
    expect(entered).toEqual([]);
    expect(runner.stepId).toBe('item');
    expect(runner.snapshot.prompt).toEqual({ key: 'test:item' });
    expect(runner.snapshot.canGoBack).toBe(true);
    expect(runner.resumePoint()).toEqual(point);
    await runner.input('ITEM-001');
    expect(runner.stepId).toBe('item2');
    runner.back();
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('from');
    expect(runner.state).toEqual({ from: null, item: null });
  });

  it('starts over when the saved step is not one of its steps', async () => {
    entered.length = 0;
    const runner = new WorkflowRunner<State>(steps, initial, makeEnv(), 'from', {
      resume: { ...point, stepId: 'gone' },
    });
    await runner.idle();
    expect(runner.stepId).toBe('from');
    expect(entered).toEqual(['from']);
  });
});
