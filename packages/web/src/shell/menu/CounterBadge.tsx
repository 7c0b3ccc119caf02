import { counterPaths, type CounterPath } from '@wms/contract';
import { useCounter } from '../../platform/live.js';
import { CountBadge } from './CountBadge.js';

export function isCounterPath(path: string): path is CounterPath {
  return (counterPaths as readonly string[]).includes(path);
}

/** The live notification counter of a menu path (NOTIFICATION_COUNTERS). */
export function CounterBadge({ path }: { path: CounterPath }) {
  return <CountBadge count={useCounter(path)} />;
}

/** The counter badge of an app, for the paths that carry one. */
export function AppCounterBadge({ path }: { path: string }) {
  return isCounterPath(path) ? <CounterBadge path={path} /> : null;
}
