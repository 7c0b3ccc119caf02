import { describe, expect, it } from 'vitest';
import { chosenItemTab, itemTabIds, visibleItemTabs } from './item-tabs.js';

describe('visibleItemTabs', () => {
  it('shows the seven tabs in normal mode', () => {
    expect(visibleItemTabs('NORMAL', false)).toEqual([...itemTabIds]);
    expect(itemTabIds).toHaveLength(7);
  });

  it('hides Locations in wall-to-wall batching mode, except for admin', () => {
    expect(visibleItemTabs('WALL_TO_WALL_BATCHING_MODE', false)).not.toContain('locations');
    expect(visibleItemTabs('WALL_TO_WALL_BATCHING_MODE', false)).toHaveLength(6);
    expect(visibleItemTabs('WALL_TO_WALL_BATCHING_MODE', true)).toContain('locations');
  });
});

describe('chosenItemTab', () => {
  it('takes a visible requested tab, otherwise the first', () => {
    const visible = visibleItemTabs('WALL_TO_WALL_BATCHING_MODE', false);
    expect(chosenItemTab('history', visible)).toBe('history');
    expect(chosenItemTab('locations', visible)).toBe('information');
    expect(chosenItemTab(null, visible)).toBe('information');
    expect(chosenItemTab('nonsense', visible)).toBe('information');
  });
});
