import { describe, expect, it } from 'vitest';
import { createDuplicateFilter } from './scan-filter.js';

describe('createDuplicateFilter', () => {
  it('passes a first read and ignores the same text within 1 s', () => {
    const accept = createDuplicateFilter();
    expect(accept('123', 0)).toBe(true);
    expect(accept('123', 250)).toBe(false);
    expect(accept('123', 999 + 250)).toBe(false);
  });

  it('passes the same text again once it was not seen for the whole window', () => {
    const accept = createDuplicateFilter(1000);
    expect(accept('123', 0)).toBe(true);
    expect(accept('123', 1000)).toBe(true);
    expect(accept('123', 1500)).toBe(false);
    expect(accept('123', 2600)).toBe(true);
  });

  it('passes another text at once, and the first one again after it', () => {
    const accept = createDuplicateFilter();
    expect(accept('A', 0)).toBe(true);
    expect(accept('B', 100)).toBe(true);
    expect(accept('A', 200)).toBe(true);
  });
});
