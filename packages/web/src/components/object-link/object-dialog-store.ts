import { useSyncExternalStore } from 'react';

/** The object types an ObjectLink can point at. */
export type ObjectType = 'item' | 'binLocation' | 'batch' | 'serial' | 'warehouse' | 'businessPartner' | 'order';

/** One open detail dialog. */
export interface ObjectDialogEntry {
  id: number;
  type: Exclude<ObjectType, 'item'>;
  code: string;
  /** The item of a batch or serial, when known (a batch code can exist for several items). */
  itemCode?: string;
}

/**
 * The stack of open object detail dialogs, outside React state so any link can open one: a link
 * inside a dialog opens another above it; closing takes the top one away.
 */
let stack: readonly ObjectDialogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function changed(next: readonly ObjectDialogEntry[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

export function openObjectDialog(entry: Omit<ObjectDialogEntry, 'id'>): void {
  changed([...stack, { ...entry, id: nextId++ }]);
}

/** Closes one dialog (and only that one: the ones beneath stay). */
export function closeObjectDialog(id: number): void {
  changed(stack.filter((entry) => entry.id !== id));
}

export function closeAllObjectDialogs(): void {
  if (stack.length) changed([]);
}

export function objectDialogStack(): readonly ObjectDialogEntry[] {
  return stack;
}

export function useObjectDialogStack(): readonly ObjectDialogEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => stack,
  );
}
