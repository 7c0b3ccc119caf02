import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { AnyLiveMessage, CounterPath, LiveMessage, LiveMessageKind } from '@wms/contract';
import { adjustCounter, mergeCounters } from './live-handlers.js';

/** Notification counters and message listeners of the live client, outside React state. */

let counters: Record<string, number> = {};
const counterListeners = new Set<() => void>();

function countersChanged(next: Record<string, number>): void {
  counters = next;
  for (const listener of counterListeners) listener();
}

export const counterStore = {
  merge: (changes: Record<string, number>) => countersChanged(mergeCounters(counters, changes)),
  set: (path: CounterPath, count: number) => countersChanged({ ...counters, [path]: count }),
  adjust: (path: CounterPath, delta: number) => countersChanged(adjustCounter(counters, path, delta)),
  clear: () => countersChanged({}),
};

/** The live notification counter of a menu path (0 until the server sends one). */
export function useCounter(path: CounterPath): number {
  return useSyncExternalStore(
    (listener) => {
      counterListeners.add(listener);
      return () => counterListeners.delete(listener);
    },
    () => counters[path] ?? 0,
  );
}

type Listener = (message: AnyLiveMessage) => void;
const messageListeners = new Set<Listener>();

export function emitLiveMessage(message: AnyLiveMessage): void {
  for (const listener of messageListeners) listener(message);
}

/** Calls handler for every live message of this kind (after the default handling). */
export function useLiveMessage<K extends LiveMessageKind>(kind: K, handler: (message: LiveMessage<K>) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener: Listener = (message) => {
      if (message.what === kind) ref.current(message as LiveMessage<K>);
    };
    messageListeners.add(listener);
    return () => {
      messageListeners.delete(listener);
    };
  }, [kind]);
}
