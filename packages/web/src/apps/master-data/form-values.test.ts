import { describe, expect, it } from 'vitest';
import { changedFields, parseNumber, parseNumbers, type FieldErrors } from './form-values.js';

describe('the number fields of the master data forms', () => {
  it('read a number as typed, with a comma as the decimal point; empty is null, anything else no number', () => {
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber('.25')).toBe(0.25);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('  ')).toBeNull();
    for (const text of ['ten', '1.2.3', '1,5,0', '1e3', '12kg']) expect(parseNumber(text), text).toBeUndefined();
  });

  it('mark each field that is no number and answer null for it', () => {
    const errors: FieldErrors = {};
    expect(parseNumbers({ min: '2', max: 'x', price: '' }, errors)).toEqual({ min: 2, max: null, price: null });
    expect(Object.keys(errors)).toEqual(['max']);
  });
});

describe('an update', () => {
  it('sends only the fields that changed, comparing lists and objects by their content', () => {
    const base = { name: 'Bolt', units: null, attributes: [{ name: 'Zone', value: 'A' }], prefs: { scan: false } };
    expect(
      changedFields({ ...base, attributes: [{ name: 'Zone', value: 'A' }], prefs: { scan: false } }, base),
    ).toEqual({});
    expect(changedFields({ ...base, name: 'Nut', units: 'pcs', prefs: { scan: true } }, base)).toEqual({
      name: 'Nut',
      units: 'pcs',
      prefs: { scan: true },
    });
  });
});
