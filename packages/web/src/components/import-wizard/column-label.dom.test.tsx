import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { columnLabelKey, splitCamelCase } from './column-label.js';

describe('importer column labels', () => {
  it('split a camelCase name into words when there is no text', () => {
    expect(splitCamelCase('shipToPostcode')).toBe('Ship to postcode');
    expect(splitCamelCase('barcode2InvQty')).toBe('Barcode2 inv qty');
    expect(splitCamelCase('palletSSCCCode')).toBe('Pallet SSCC code');
  });

  it('use the translation when there is one, the split name under a key of its own otherwise', () => {
    expect(columnLabelKey('itemCode')).toBe('importers:column.itemCode');
    expect(i18next.t(columnLabelKey('itemCode'))).toBe('Item code');
    const fallback = columnLabelKey('palletLabelText');
    expect(fallback).not.toBe('importers:column.palletLabelText');
    expect(i18next.t(fallback)).toBe('Pallet label text');
  });
});
