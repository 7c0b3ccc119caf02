import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isValidSscc, makeInternalContainerCode, makeSscc } from './shipping-container-codes.js';

describe('shipping container codes', () => {
  it('computes the GS1 mod-10 check digit', () => {
    // An EAN-13 and the SSCC of the GS1 General Specifications' example.
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('10614141234567890')).toBe(8);
    expect(gs1CheckDigit('00000000000000000')).toBe(0);
    expect(() => gs1CheckDigit('12a')).toThrow();
  });

  it('makes 18-digit SSCCs: extension 0, the prefix, a serial reference, the check digit', () => {
    const sscc = makeSscc('8712345', 42);
    expect(sscc).toBe(`0871234500000004${'2'}${gs1CheckDigit('08712345000000042')}`);
    expect(sscc).toHaveLength(18);
    expect(isValidSscc(sscc)).toBe(true);
    expect(makeSscc('87123456789', 7)).toMatch(/^0871234567890000\d{2}$/);
    // The serial reference wraps within its digits.
    expect(makeSscc('87123456789', 100_007).slice(12, 17)).toBe('00007');
    expect(isValidSscc(`${sscc.slice(0, 17)}${(Number(sscc[17]) + 1) % 10}`)).toBe(false);
    expect(() => makeSscc('123', 1)).toThrow();
  });

  it('makes internal codes without a prefix', () => {
    expect(makeInternalContainerCode(12)).toBe('C00000012');
  });
});
