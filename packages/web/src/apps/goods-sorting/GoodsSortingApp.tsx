import { useLocation } from 'react-router';
import { GoodsSortingScreen } from './GoodsSortingScreen.js';
import type { SortingMode } from './sorting-state.js';

/**
 * /goods_sorting: put-away from receipt staging and carts, item by item to the proposed
 * destination. /goods_sorting/location: the destination first, then item after item to it.
 * Each flow is its own saved workflow (a new mount per path).
 */
export function GoodsSortingApp() {
  const { pathname } = useLocation();
  const mode: SortingMode = pathname.replace(/\/+$/, '').endsWith('/location') ? 'location' : 'item';
  return <GoodsSortingScreen key={mode} mode={mode} />;
}
