import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareCandidates, type AllocationCandidate } from './allocation-candidates.js';

const candidate = (
  stockId: number,
  locationCode: string,
  more: Partial<AllocationCandidate> = {},
): AllocationCandidate => ({
  stockId,
  itemId: 1,
  batchId: null,
  serialId: null,
  binLocationId: stockId,
  locationCode,
  sortingCode: null,
  free: 1000,
  expirationDate: null,
  admissionDate: null,
  pickFace: false,
  strategy: 'FIFO',
  ...more,
});

describe('the order of allocation candidates', () => {
  afterEach(() => vi.restoreAllMocks());

  it('orders undated FIFO rows by location, however the clock moves while they are compared', () => {
    // Every call of the clock a millisecond later, as on a busy machine.
    let now = Date.parse('2026-11-27T10:00:00Z');
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1));
    const a = candidate(2, 'BULK-A');
    const b = candidate(1, 'BULK-B');
    expect(compareCandidates(a, b)).toBeLessThan(0);
    expect(compareCandidates(b, a)).toBeGreaterThan(0);
    expect([b, a].sort(compareCandidates).map((c) => c.locationCode)).toEqual(['BULK-A', 'BULK-B']);
  });

  it('keeps an undated row as admitted today: after yesterday, before tomorrow', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-27T10:00:00Z'));
    const undated = candidate(1, 'Z');
    expect(compareCandidates(candidate(2, 'A', { admissionDate: '2026-11-26' }), undated)).toBeLessThan(0);
    expect(compareCandidates(candidate(3, 'A', { admissionDate: '2026-11-28' }), undated)).toBeGreaterThan(0);
  });
});
