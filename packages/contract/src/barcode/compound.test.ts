import { describe, expect, it } from 'vitest';
import { resolveCompoundBarcode } from './compound.js';

const GS = '\x1d';
const now = new Date('2024-06-15T12:00:00Z');
const itemCode = (code: string, raw = code) => ({
  compoundType: 'raw',
  itemCode: code,
  batchCode: null,
  serialCode: null,
  quantity: null,
  expirationDate: null,
  gs1: null,
  raw,
});

describe('resolveCompoundBarcode', () => {
  it('answers nothing for empty text', () => {
    expect(resolveCompoundBarcode('', now)).toEqual([]);
    expect(resolveCompoundBarcode('  \n', now)).toEqual([]);
    expect(resolveCompoundBarcode(GS, now)).toEqual([]);
  });

  it('reads a plain code as an item code only', () => {
    expect(resolveCompoundBarcode('ITEM-001', now)).toEqual([itemCode('ITEM-001')]);
    expect(resolveCompoundBarcode(' ITEM-001\r\n', now)).toEqual([itemCode('ITEM-001', ' ITEM-001\r\n')]);
  });

  it('puts GS1 data with a batch first, as compoundType raw, then the text as an item code', () => {
    const text = '(01)09506000134352(17)201225(10)ABC123';
    const [first, second, ...rest] = resolveCompoundBarcode(text, now);
    expect(first).toMatchObject({
      compoundType: 'raw',
      itemCode: '09506000134352',
      batchCode: 'ABC123',
      serialCode: null,
      quantity: null,
      expirationDate: '2020-12-25',
      raw: text,
    });
    expect(first?.gs1?.gtin).toBe('09506000134352');
    expect(second).toEqual(itemCode(text));
    expect(rest).toEqual([]);
  });

  it('reads GS1 data with a serial as compoundType serial', () => {
    const [first] = resolveCompoundBarcode(`]d20109506000134352${GS}21SN-0001${GS}10B7`, now);
    expect(first).toMatchObject({
      compoundType: 'serial',
      itemCode: '09506000134352',
      serialCode: 'SN-0001',
      batchCode: 'B7',
    });
  });

  it('carries the count of AI 30 or 37 as the quantity', () => {
    expect(resolveCompoundBarcode('(01)19012345678903(30)8', now)[0]?.quantity).toBe(8);
    expect(resolveCompoundBarcode('(02)09501101020917(37)25', now)[0]).toMatchObject({
      itemCode: '09501101020917',
      quantity: 25,
    });
  });

  it('takes the best-before date when there is no expiry date', () => {
    expect(resolveCompoundBarcode('(01)09506000134352(15)250300', now)[0]?.expirationDate).toBe('2025-03-31');
  });

  it('reads a Digital Link first as GS1 data', () => {
    const uri = 'https://id.gs1.org/01/09506000134352/10/AB-123?17=201225';
    const [first, second] = resolveCompoundBarcode(uri, now);
    expect(first).toMatchObject({
      compoundType: 'raw',
      itemCode: '09506000134352',
      batchCode: 'AB-123',
      expirationDate: '2020-12-25',
    });
    expect(second).toEqual(itemCode(uri));
  });

  it('reads a bare element string with a GTIN first as GS1 data', () => {
    expect(resolveCompoundBarcode('010950600013435210ABC', now)[0]).toMatchObject({
      itemCode: '09506000134352',
      batchCode: 'ABC',
    });
  });

  it('ranks a plain code that merely parses as GS1 without a GTIN after the item code', () => {
    const [first, second] = resolveCompoundBarcode('10ABC', now);
    expect(first).toEqual(itemCode('10ABC'));
    expect(second).toMatchObject({ compoundType: 'raw', itemCode: null, batchCode: 'ABC' });
    // An EAN-13 whose digits happen to start with AI 400: still the item code first.
    expect(resolveCompoundBarcode('4006381333931', now)[0]).toEqual(itemCode('4006381333931'));
  });

  it('keeps only the item code when the GS1 data is invalid, without the symbology identifier', () => {
    expect(resolveCompoundBarcode(']C10109506000134353', now)).toEqual([
      itemCode('0109506000134353', ']C10109506000134353'),
    ]);
    expect(resolveCompoundBarcode(']C0ITEM-001', now)).toEqual([itemCode('ITEM-001', ']C0ITEM-001')]);
  });

  it('reads an EAN-13 scan with its identifier as a GTIN, then as the 13 digits', () => {
    const [first, second] = resolveCompoundBarcode(']E05901234123457', now);
    expect(first).toMatchObject({ itemCode: '05901234123457', compoundType: 'raw' });
    expect(second).toEqual(itemCode('5901234123457', ']E05901234123457'));
  });
});
