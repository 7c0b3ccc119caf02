/** The menu swipe starts within 100 px of the left edge and moves over a third of the width within 0.2 s. */
export const menuSwipeEdgePx = 100;
export const menuSwipeMaxMs = 200;
export const menuSwipeWidthShare = 1 / 3;
/** A menu item swiped this far to the right opens its app in a modal. */
export const subAppSwipePx = 80;

export interface SwipePoint {
  x: number;
  y: number;
  time: number;
}

/**
 * What a touch movement means for the menu: 'open' (from the left edge to the right, menu closed),
 * 'close' (to the left, menu open) or null. Movement must be mostly horizontal.
 */
export function classifyMenuSwipe(
  start: SwipePoint,
  now: SwipePoint,
  screenWidth: number,
  menuOpen: boolean,
): 'open' | 'close' | null {
  const dx = now.x - start.x;
  const dy = now.y - start.y;
  if (now.time - start.time > menuSwipeMaxMs) return null;
  if (Math.abs(dx) <= screenWidth * menuSwipeWidthShare || Math.abs(dy) > Math.abs(dx)) return null;
  if (!menuOpen && dx > 0 && start.x <= menuSwipeEdgePx) return 'open';
  if (menuOpen && dx < 0) return 'close';
  return null;
}

/** Whether a pointer movement over a menu item is a sub-app swipe: 80 px to the right, mostly horizontal. */
export function isSubAppSwipe(dx: number, dy: number): boolean {
  return dx >= subAppSwipePx && Math.abs(dy) < dx / 2;
}
