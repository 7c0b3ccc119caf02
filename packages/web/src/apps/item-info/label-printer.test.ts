import { describe, expect, it } from 'vitest';
import { serverPrinterId } from './label-printer.js';

describe('serverPrinterId', () => {
  it('takes a positive printer id, also as digits', () => {
    expect(serverPrinterId(3)).toBe(3);
    expect(serverPrinterId('12')).toBe(12);
  });

  it('gives null for no printer, the browser dialog or nonsense', () => {
    for (const choice of [-1, 0, 'PERIPHERAL', '', 'x1', 1.5]) expect(serverPrinterId(choice)).toBeNull();
  });
});
