import { describe, expect, it } from 'vitest';
import { classifyMenuSwipe, isSubAppSwipe } from './swipe.js';

const at = (x: number, time: number, y = 300) => ({ x, y, time });

describe('menu swipe', () => {
  const width = 360; // a third: 120 px

  it('opens on a quick swipe to the right that starts within 100 px of the left edge', () => {
    expect(classifyMenuSwipe(at(10, 0), at(140, 150), width, false)).toBe('open');
    expect(classifyMenuSwipe(at(100, 0), at(230, 200), width, false)).toBe('open');
  });

  it('ignores a swipe starting away from the edge, too short, too slow or mostly vertical', () => {
    expect(classifyMenuSwipe(at(101, 0), at(300, 100), width, false)).toBeNull();
    expect(classifyMenuSwipe(at(10, 0), at(130, 100), width, false)).toBeNull();
    expect(classifyMenuSwipe(at(10, 0), at(300, 201), width, false)).toBeNull();
    expect(classifyMenuSwipe(at(10, 0, 100), at(200, 100, 400), width, false)).toBeNull();
    expect(classifyMenuSwipe(at(300, 0), at(40, 100), width, false)).toBeNull();
  });

  it('closes an open menu on a quick swipe back to the left, from anywhere', () => {
    expect(classifyMenuSwipe(at(300, 0), at(40, 100), width, true)).toBe('close');
    expect(classifyMenuSwipe(at(10, 0), at(250, 100), width, true)).toBeNull();
    expect(classifyMenuSwipe(at(300, 0), at(40, 300), width, true)).toBeNull();
  });
});

describe('sub-app swipe of a menu item', () => {
  it('needs 80 px to the right, mostly horizontal', () => {
    expect(isSubAppSwipe(80, 0)).toBe(true);
    expect(isSubAppSwipe(79, 0)).toBe(false);
    expect(isSubAppSwipe(100, 60)).toBe(false);
    expect(isSubAppSwipe(-100, 0)).toBe(false);
  });
});
