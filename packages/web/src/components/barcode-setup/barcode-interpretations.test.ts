import { describe, expect, it } from 'vitest';
import { barcodeInterpretations, hasValidCheckDigit } from './barcode-interpretations.js';

describe('barcodeInterpretations', () => {
  it('offers the GTIN of a bracketed GS1 element string and the raw text', () => {
    expect(barcodeInterpretations('(01)05412345000013(10)ABC')).toEqual([
      '05412345000013',
      '(01)05412345000013(10)ABC',
    ]);
  });

  it('reads AI 01 at the start of a plain element string, with FNC1 separators removed', () => {
    expect(barcodeInterpretations('0105412345000013\u001d10ABC')).toEqual(['05412345000013', '010541234500001310ABC']);
  });

  it('strips symbology identifiers before reading', () => {
    expect(barcodeInterpretations(']C10105412345000013')).toEqual(['05412345000013', '0105412345000013']);
    expect(barcodeInterpretations(']d2010541234500001317250101')).toEqual([
      '05412345000013',
      '010541234500001317250101',
    ]);
    expect(barcodeInterpretations(']Q3(01)05412345000013')).toEqual(['05412345000013', '(01)05412345000013']);
    expect(barcodeInterpretations(']E08712345000011')).toEqual(['8712345000011']);
  });

  it('gives a plain barcode once', () => {
    expect(barcodeInterpretations('  8712345000011 ')).toEqual(['8712345000011']);
    expect(barcodeInterpretations('ABC-123')).toEqual(['ABC-123']);
  });

  it('does not take 01 plus digits with a wrong check digit for a GTIN', () => {
    expect(barcodeInterpretations('0105412345000014')).toEqual(['0105412345000014']);
    expect(barcodeInterpretations('(01)05412345000014')).toEqual(['(01)05412345000014']);
  });

  it('removes a leading FNC1 and offers each text once', () => {
    expect(barcodeInterpretations('ABC\u001d')).toEqual(['ABC']);
    expect(barcodeInterpretations('\u001d(01)05412345000013')).toEqual(['05412345000013', '(01)05412345000013']);
  });

  it('gives nothing for empty text, white space, separators or a bare prefix', () => {
    expect(barcodeInterpretations('')).toEqual([]);
    expect(barcodeInterpretations('   ')).toEqual([]);
    expect(barcodeInterpretations('\u001d\u001d')).toEqual([]);
    expect(barcodeInterpretations(']C1')).toEqual([]);
  });
});

describe('hasValidCheckDigit', () => {
  it('checks GTIN-8, GTIN-13 and GTIN-14', () => {
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('05412345000013')).toBe(true);
    expect(hasValidCheckDigit('05412345000012')).toBe(false);
    expect(hasValidCheckDigit('12a4')).toBe(false);
  });
});
