import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overReceiptModes, type OverReceiptMode } from '@wms/contract';
import { AppError } from '../../http/app-error.js';
import {
  assertOverReceiptAllowed,
  decideOverReceipt,
  effectiveOverReceiptRule,
  overReceiptCap,
  type OverReceiptInput,
} from './over-receipt-rules.js';

/** Pure rules, so no database: the same on SQLite and PostgreSQL. Quantities in thousandths. */

const base: OverReceiptInput = {
  ordered: 100_000, // 100
  received: 0,
  entry: 10_000,
  mode: 'CONFIRM',
  tolerancePercent: 10_000, // 10%: cap 110
  confirmed: false,
  managerApproved: false,
};
const decide = (change: Partial<OverReceiptInput>) => decideOverReceipt({ ...base, ...change });
const keyOf = (change: Partial<OverReceiptInput>) => {
  const decision = decide(change);
  return decision.allowed ? 'allowed' : decision.key;
};
const allFlags = [
  { confirmed: false, managerApproved: false },
  { confirmed: true, managerApproved: false },
  { confirmed: false, managerApproved: true },
  { confirmed: true, managerApproved: true },
];

describe('within the open quantity', () => {
  it.each(overReceiptModes)('%s: up to the open quantity is allowed without any confirmation', (mode) => {
    for (const flags of allFlags) {
      expect(decide({ mode, ...flags, received: 40_000, entry: 60_000 })).toEqual({
        allowed: true,
        overReceipt: 0,
        approvalUsed: false,
      });
      expect(decide({ mode, ...flags, received: 0, entry: 1 })).toMatchObject({ allowed: true, overReceipt: 0 });
    }
  });
});

describe('above the open quantity', () => {
  it('BLOCK refuses a single thousandth over, whatever was confirmed or approved', () => {
    for (const flags of allFlags) {
      expect(decide({ mode: 'BLOCK', ...flags, received: 40_000, entry: 60_001 })).toEqual({
        allowed: false,
        key: 'overReceiptNotAllowed',
        args: { ordered: 100, received: 40, entry: 60.001, tolerancePercent: 10, maximum: 60 },
      });
    }
  });

  it('CONFIRM: within the tolerance after a rescan, refused above it even with a manager', () => {
    expect(decide({ received: 95_000, entry: 10_000 })).toEqual({
      allowed: false,
      key: 'overReceiptNeedsConfirmation',
      args: { ordered: 100, received: 95, entry: 10, tolerancePercent: 10, maximum: 15 },
    });
    expect(decide({ received: 95_000, entry: 10_000, managerApproved: true })).toMatchObject({
      key: 'overReceiptNeedsConfirmation',
    });
    expect(decide({ received: 95_000, entry: 15_000, confirmed: true })).toEqual({
      allowed: true,
      overReceipt: 10_000,
      approvalUsed: false,
    });
    for (const flags of allFlags) {
      expect(decide({ received: 95_000, entry: 15_001, ...flags })).toEqual({
        allowed: false,
        key: 'overReceiptNotAllowed',
        args: { ordered: 100, received: 95, entry: 15.001, tolerancePercent: 10, maximum: 15 },
      });
    }
  });

  it('MANAGER: within the tolerance after a rescan or an approval, above it with an approval only', () => {
    const manager = { mode: 'MANAGER' as const, received: 95_000 };
    expect(keyOf({ ...manager, entry: 15_000 })).toBe('overReceiptNeedsConfirmation');
    expect(decide({ ...manager, entry: 15_000, confirmed: true })).toMatchObject({
      allowed: true,
      approvalUsed: false,
    });
    expect(decide({ ...manager, entry: 15_000, managerApproved: true })).toMatchObject({
      allowed: true,
      approvalUsed: true,
    });
    expect(decide({ ...manager, entry: 15_001, confirmed: true })).toEqual({
      allowed: false,
      key: 'overReceiptNeedsManager',
      args: { ordered: 100, received: 95, entry: 15.001, tolerancePercent: 10, maximum: 15 },
    });
    expect(decide({ ...manager, entry: 15_001, managerApproved: true })).toEqual({
      allowed: true,
      overReceipt: 10_001,
      approvalUsed: true,
    });
  });

  it('a zero tolerance: CONFIRM refuses any over-receipt, MANAGER needs the manager for it', () => {
    expect(keyOf({ tolerancePercent: 0, received: 100_000, entry: 1, confirmed: true })).toBe('overReceiptNotAllowed');
    expect(keyOf({ mode: 'MANAGER', tolerancePercent: 0, entry: 100_001, confirmed: true })).toBe(
      'overReceiptNeedsManager',
    );
  });

  it('the tolerance is cumulative over every receipt of the line: 5% twice does not pass a 5% tolerance', () => {
    const fivePercent = { tolerancePercent: 5_000, confirmed: true };
    const first = decide({ ...fivePercent, received: 100_000, entry: 5_000 });
    expect(first).toMatchObject({ allowed: true, overReceipt: 5_000 });
    expect(decide({ ...fivePercent, received: 105_000, entry: 5_000 })).toMatchObject({
      allowed: false,
      key: 'overReceiptNotAllowed',
      args: { maximum: 0 },
    });
  });

  it('already over-received before (with a manager): the open quantity is 0, never negative', () => {
    expect(decide({ mode: 'MANAGER', received: 130_000, entry: 1, confirmed: true })).toMatchObject({
      allowed: false,
      key: 'overReceiptNeedsManager',
      args: { maximum: 0 },
    });
  });
});

describe('quantityLooksWrong: more than 10x the open quantity asks for the rescan', () => {
  const open10 = { received: 90_000, tolerancePercent: 10_000_000 }; // open 10, a 10000% tolerance

  it('exactly 10x the open quantity does not trigger the guard, one thousandth more does', () => {
    expect(keyOf({ ...open10, entry: 100_000 })).toBe('overReceiptNeedsConfirmation');
    expect(decide({ ...open10, entry: 100_001 })).toEqual({
      allowed: false,
      key: 'quantityLooksWrong',
      args: { entry: 100.001, open: 10 },
    });
    expect(decide({ ...open10, entry: 100_001, confirmed: true })).toMatchObject({ allowed: true });
  });

  it('asks even when the mode would allow it, e.g. with a manager approval in MANAGER mode', () => {
    expect(keyOf({ ...open10, mode: 'MANAGER', entry: 5_000_000, managerApproved: true })).toBe('quantityLooksWrong');
    expect(
      decide({ ...open10, mode: 'MANAGER', entry: 5_000_000, managerApproved: true, confirmed: true }),
    ).toMatchObject({ allowed: true, approvalUsed: false });
  });

  it('a fully received line has open 0, so any further entry asks', () => {
    expect(keyOf({ mode: 'MANAGER', received: 100_000, entry: 1, managerApproved: true })).toBe('quantityLooksWrong');
  });

  it('in BLOCK mode the refusal answers: no confirmation could let the entry through', () => {
    expect(keyOf({ mode: 'BLOCK', received: 90_000, entry: 500_000 })).toBe('overReceiptNotAllowed');
  });
});

describe('settings and arithmetic', () => {
  it('the item setting wins per field; null falls back to the warehouse', () => {
    const warehouse = { mode: 'CONFIRM' as const, tolerancePercent: 5_000 };
    expect(effectiveOverReceiptRule(warehouse, { mode: null, tolerancePercent: null })).toEqual(warehouse);
    expect(effectiveOverReceiptRule(warehouse, { mode: 'MANAGER', tolerancePercent: null })).toEqual({
      mode: 'MANAGER',
      tolerancePercent: 5_000,
    });
    expect(effectiveOverReceiptRule(warehouse, { mode: null, tolerancePercent: 0 })).toEqual({
      mode: 'CONFIRM',
      tolerancePercent: 0,
    });
  });

  it('the cap rounds the tolerance down to a thousandth, exactly, also past 2^53 in between', () => {
    expect(overReceiptCap(100_000, 5_000)).toBe(105_000);
    expect(overReceiptCap(1, 99_999)).toBe(1); // 0.99999 thousandth rounds down
    expect(overReceiptCap(3_333, 2_500)).toBe(3_416); // 3.333 + 2.5% = 3.416325
    expect(overReceiptCap(9_000_000_000_000, 12_345)).toBe(9_000_000_000_000 + 1_111_050_000_000);
  });

  it('refuses input that breaks the contract: fractions of thousandths, negatives, a zero entry', () => {
    expect(() => decide({ entry: 0 })).toThrow(RangeError);
    expect(() => decide({ entry: 1.5 })).toThrow(RangeError);
    expect(() => decide({ received: -1 })).toThrow(RangeError);
    expect(() => decide({ tolerancePercent: 0.5 })).toThrow(RangeError);
  });

  it('assertOverReceiptAllowed throws the refusal as a 422 with its key and args', () => {
    expect(assertOverReceiptAllowed({ ...base, entry: 1_000 })).toEqual({ overReceipt: 0, approvalUsed: false });
    try {
      assertOverReceiptAllowed({ ...base, mode: 'BLOCK', entry: 100_001 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 422, key: 'overReceiptNotAllowed', args: { entry: 100.001 } });
    }
  });
});

describe('properties', () => {
  const modeArb = fc.constantFrom<OverReceiptMode>(...overReceiptModes);
  const quantityArb = fc.integer({ min: 0, max: 10_000_000 });
  const toleranceArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 }));
  const flagsArb = fc.record({ confirmed: fc.boolean(), managerApproved: fc.boolean() });

  it('without a manager the cumulative received never passes ordered + tolerance', () => {
    fc.assert(
      fc.property(
        modeArb,
        quantityArb,
        toleranceArb,
        fc.array(
          fc.record({
            // A plain quantity, or one at the boundary: exactly up to the cap, or one thousandth past it.
            entry: fc.oneof(fc.integer({ min: 1, max: 3_000_000 }), fc.constantFrom(0, 1)),
            confirmed: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        (mode, ordered, tolerancePercent, entries) => {
          const cap = overReceiptCap(ordered, tolerancePercent);
          let received = 0;
          for (const step of entries) {
            const { confirmed } = step;
            const entry = step.entry > 1 ? step.entry : Math.max(1, cap - received + step.entry);
            const decision = decideOverReceipt({
              ordered,
              received,
              entry,
              mode,
              tolerancePercent,
              confirmed,
              managerApproved: false,
            });
            if (decision.allowed) received += entry;
          }
          expect(received).toBeLessThanOrEqual(cap);
          if (mode === 'BLOCK') expect(received).toBeLessThanOrEqual(ordered);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('splitting an entry into two never gets more through than the one entry would', () => {
    fc.assert(
      fc.property(
        modeArb,
        quantityArb,
        quantityArb,
        toleranceArb,
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        flagsArb,
        (mode, ordered, received, tolerancePercent, first, second, flags) => {
          const rule = { ordered, mode, tolerancePercent, ...flags };
          const a = decideOverReceipt({ ...rule, received, entry: first });
          const b = decideOverReceipt({ ...rule, received: received + first, entry: second });
          const whole = decideOverReceipt({ ...rule, received, entry: first + second });
          if (a.allowed && b.allowed) expect(whole.allowed).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('an entry within the open quantity is always allowed, and an allowed entry is never refused with more flags', () => {
    fc.assert(
      fc.property(
        modeArb,
        quantityArb,
        quantityArb,
        toleranceArb,
        fc.integer({ min: 1, max: 20_000_000 }),
        flagsArb,
        (mode, ordered, received, tolerancePercent, entry, flags) => {
          const input = { ordered, received, entry, mode, tolerancePercent, ...flags };
          const decision = decideOverReceipt(input);
          if (entry <= ordered - received) expect(decision).toMatchObject({ allowed: true, overReceipt: 0 });
          if (decision.allowed) {
            expect(decideOverReceipt({ ...input, confirmed: true, managerApproved: true }).allowed).toBe(true);
            expect(decision.overReceipt).toBe(entry - Math.max(0, Math.min(entry, ordered - received)));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
