import { describe, expect, it } from 'vitest';
import { gs1AiDefinition } from './gs1-ai-table.js';
import { gtinCandidates, isValidGtin, parseGs1 } from './gs1.js';

const GS = '\x1d';
const now = new Date('2024-06-15T12:00:00Z');

describe('parseGs1: GS1 published examples', () => {
  it('reads (01)09506000134352(17)201225(10)ABC123', () => {
    const data = parseGs1('(01)09506000134352(17)201225(10)ABC123', now);
    expect(data).toMatchObject({
      gtin: '09506000134352',
      expirationDate: '2020-12-25',
      batch: 'ABC123',
      serial: null,
      count: null,
    });
    expect(data?.elements).toEqual([
      { ai: '01', title: 'GTIN', raw: '09506000134352', value: '09506000134352' },
      { ai: '17', title: 'USE BY OR EXPIRY', raw: '201225', value: '2020-12-25' },
      { ai: '10', title: 'BATCH/LOT', raw: 'ABC123', value: 'ABC123' },
    ]);
  });

  it('reads the SSCC example (00)106141411234567897', () => {
    const data = parseGs1('00106141411234567897', now);
    expect(data).toMatchObject({ sscc: '106141411234567897', gtin: null });
    expect(data?.elements[0]).toMatchObject({ ai: '00', title: 'SSCC' });
  });

  it('reads a net weight with its decimal point: (01)09521234543213(3103)000189 is 0.189 kg', () => {
    const data = parseGs1('(01)09521234543213(3103)000189', now);
    expect(data).toMatchObject({ gtin: '09521234543213', netWeightKg: 0.189 });
    expect(data?.elements[1]).toEqual({ ai: '3103', title: 'NET WEIGHT (kg)', raw: '000189', value: 0.189 });
    expect(parseGs1('(01)95012345678903(3103)000123', now)?.netWeightKg).toBe(0.123);
    expect(parseGs1('(01)95012345678903(3102)001234', now)?.netWeightKg).toBe(12.34);
    expect(parseGs1('(01)95012345678903(3100)000750', now)?.netWeightKg).toBe(750);
  });

  it('reads the variable count 30 of a variable measure item', () => {
    expect(parseGs1('(01)19012345678903(30)8', now)).toMatchObject({ gtin: '19012345678903', count: 8 });
    expect(parseGs1(`011901234567890330${'12345678'}`, now)?.count).toBe(12_345_678);
  });

  it('reads a logistic unit: SSCC, content GTIN, count 37 and batch', () => {
    const data = parseGs1(`00106141411234567897020950110102091737${'25'}${GS}10L902301`, now);
    expect(data).toMatchObject({ sscc: '106141411234567897', gtin: '09501101020917', count: 25, batch: 'L902301' });
  });

  it('reads other dates, measures and texts of the table', () => {
    const data = parseGs1(
      '(11)240101(13)240102(15)240103(16)240104(12)240105(20)07(3150)000002(3302)012345(3922)12345(7003)2012251430(400)PO-1',
      now,
    );
    expect(data).toMatchObject({
      productionDate: '2024-01-01',
      packagingDate: '2024-01-02',
      bestBeforeDate: '2024-01-03',
      sellByDate: '2024-01-04',
      dueDate: '2024-01-05',
      variant: '07',
      netVolumeL: 2,
      grossWeightKg: 123.45,
      orderNumber: 'PO-1',
      gtin: null,
    });
    expect(data?.elements.find((element) => element.ai === '3922')?.value).toBe(123.45);
    expect(data?.elements.find((element) => element.ai === '7003')?.value).toBe('2020-12-25T14:30');
  });
});

describe('parseGs1: FNC1 and symbology identifiers', () => {
  const fields = ['0109506000134352', '17201225', '10ABC123'];
  const expected = { gtin: '09506000134352', expirationDate: '2020-12-25', batch: 'ABC123' };

  it.each([
    ['no identifier', fields.join('')],
    ['GS1-128 ]C1', `]C1${fields.join('')}`],
    ['GS1 DataMatrix ]d2', `]d2${fields.join('')}`],
    ['GS1 QR ]Q3', `]Q3${fields.join('')}`],
    ['GS1 DataBar ]e0', `]e0${fields.join('')}`],
    ['a leading FNC1 as GS', `${GS}${fields.join('')}`],
    ['a trailing GS and a newline', `]C1${fields.join('')}${GS}\n`],
    ['GS after fixed-length fields too', fields.join(GS)],
  ])('reads %s', (_name, text) => {
    expect(parseGs1(text, now)).toMatchObject(expected);
  });

  it('ends a variable-length field at GS', () => {
    expect(parseGs1(`]d210ABC123${GS}0109506000134352${GS}21S/N-42${GS}17201225`, now)).toMatchObject({
      ...expected,
      serial: 'S/N-42',
    });
  });

  it('reads fixed-length AIs outside the predefined-length table with or without a following GS', () => {
    expect(parseGs1(`8005000365${GS}10B1`, now)?.elements.map((element) => element.raw)).toEqual(['000365', 'B1']);
    expect(parseGs1('800500036510B1', now)?.elements.map((element) => element.raw)).toEqual(['000365', 'B1']);
  });

  it('lets a batch without its GS run to the end rather than inventing a date', () => {
    expect(parseGs1('10ABC12317201225', now)).toMatchObject({ batch: 'ABC12317201225', expirationDate: null });
  });

  it('reads the human-readable form with blanks and GS between elements', () => {
    expect(parseGs1(' (01) 09506000134352 (17) 201225 (10) ABC123 ', now)).toMatchObject(expected);
    expect(parseGs1(`]C1(01)09506000134352${GS}(10)ABC123`, now)).toMatchObject({
      gtin: expected.gtin,
      batch: 'ABC123',
    });
  });

  it('reads an EAN/UPC scan with its symbology identifier as a GTIN', () => {
    expect(parseGs1(']E05901234123457', now)?.gtin).toBe('05901234123457');
    expect(parseGs1(']E496385074', now)?.gtin).toBe('00000096385074');
    expect(parseGs1(']E05901234123458', now)).toBeNull();
  });

  it('refuses data behind a symbology identifier that is not GS1', () => {
    for (const prefix of [']C0', ']d1', ']Q1', ']A0', ']E0'])
      expect(parseGs1(`${prefix}${fields.join('')}`, now)).toBeNull();
  });
});

describe('parseGs1: dates', () => {
  it('chooses the century within -49..+50 years of now (General Specifications 7.12)', () => {
    const date = (yymmdd: string, at: Date) => parseGs1(`17${yymmdd}`, at)?.expirationDate;
    expect(date('740101', now)).toBe('2074-01-01'); // +50
    expect(date('750101', now)).toBe('1975-01-01'); // +51 -> previous century
    expect(date('240615', now)).toBe('2024-06-15');
    const late = new Date('2070-03-01T00:00:00Z');
    expect(date('200101', late)).toBe('2120-01-01'); // -50 -> next century
    expect(date('210101', late)).toBe('2021-01-01'); // -49
    const endOfCentury = new Date('2099-12-31T23:00:00Z');
    expect(date('490101', endOfCentury)).toBe('2149-01-01');
    expect(date('500101', endOfCentury)).toBe('2050-01-01');
    expect(date('990101', new Date('2000-01-01T00:00:00Z'))).toBe('1999-01-01');
  });

  it('reads day 00 as the last day of the month', () => {
    expect(parseGs1('17240200', now)?.expirationDate).toBe('2024-02-29');
    expect(parseGs1('17230200', now)?.expirationDate).toBe('2023-02-28');
    expect(parseGs1('15241200', now)?.bestBeforeDate).toBe('2024-12-31');
    expect(parseGs1('11240400', now)?.productionDate).toBe('2024-04-30');
    expect(parseGs1('(7006)240400', now)).toBeNull(); // only 11-17 may use day 00
  });

  it('refuses impossible dates and times', () => {
    for (const text of [
      '17241301',
      '17240431',
      '17230229',
      '17240001',
      '1724061',
      '(7003)2406152460',
      '(7003)2406152400'.replace('2400', '2361'),
    ]) {
      expect(parseGs1(text, now), text).toBeNull();
    }
  });
});

describe('parseGs1: what is not GS1', () => {
  it('rejects a GTIN, SSCC or GLN with a wrong check digit (the whole text)', () => {
    expect(parseGs1('(01)09506000134353(10)ABC123', now)).toBeNull();
    // As typed in the brief: the check digits of these two are wrong (GS1's example SSCC ends in 7).
    expect(parseGs1('00106141411234567891', now)).toBeNull();
    expect(parseGs1('(01)19012345678900(30)8', now)).toBeNull();
    expect(parseGs1('(414)5412345000014', now)).toBeNull();
    expect(parseGs1('(414)5412345000013', now)?.elements[0]?.value).toBe('5412345000013');
  });

  it('stops at an unknown AI', () => {
    expect(parseGs1('010950600013435223ABC', now)).toBeNull();
    expect(parseGs1('(01)09506000134352(23)ABC', now)).toBeNull();
    expect(parseGs1('ITEM-001', now)).toBeNull();
    expect(parseGs1('', now)).toBeNull();
    expect(parseGs1(GS, now)).toBeNull();
  });

  it('rejects fields that do not fit their AI', () => {
    expect(parseGs1(`10${'A'.repeat(21)}`, now)).toBeNull(); // longer than X..20
    expect(parseGs1('(10)', now)).toBeNull(); // empty
    expect(parseGs1(`10${GS}17201225`, now)).toBeNull(); // empty batch
    expect(parseGs1('10ABC DEF', now)).toBeNull(); // a blank is not in character set 82
    expect(parseGs1('10ABC#', now)).toBeNull();
    expect(parseGs1('30123456789', now)).toBeNull(); // count longer than 8
    expect(parseGs1('(30)12A', now)).toBeNull();
    expect(parseGs1('01095060001343', now)).toBeNull(); // GTIN too short
    expect(parseGs1('(01)0950600013435', now)).toBeNull();
    expect(parseGs1('(3106)000189', now)).toBeNull(); // 31nn has at most 5 decimals
  });

  it('rejects one AI with two different values and keeps a repeated equal one once', () => {
    expect(parseGs1('(10)A(10)B', now)).toBeNull();
    expect(parseGs1('(10)A(10)A', now)?.elements).toHaveLength(1);
  });
});

describe('GTIN helpers', () => {
  it('checks GTIN-8, -12, -13 and -14 check digits', () => {
    for (const valid of ['96385074', '036000291452', '5901234123457', '09506000134352', '19012345678903'])
      expect(isValidGtin(valid), valid).toBe(true);
    for (const invalid of [
      '96385075',
      '09506000134353',
      '19012345678900',
      '1234567',
      '12345678901',
      '123456789012345',
      'abcdefgh',
      '',
    ]) {
      expect(isValidGtin(invalid), invalid).toBe(false);
    }
  });

  it('lists the forms an item barcode may be stored in', () => {
    expect(gtinCandidates('09506000134352')).toEqual(['09506000134352', '9506000134352']);
    expect(gtinCandidates('5901234123457')).toEqual(['05901234123457', '5901234123457']);
    expect(gtinCandidates('036000291452')).toEqual(['00036000291452', '0036000291452', '036000291452']);
    expect(gtinCandidates('00000096385074')).toEqual(['00000096385074', '0000096385074', '000096385074', '96385074']);
    expect(gtinCandidates('19012345678903')).toEqual(['19012345678903']);
    expect(gtinCandidates('ABC')).toEqual([]);
    expect(gtinCandidates('12345678901')).toEqual([]);
  });
});

describe('the AI table', () => {
  it('is prefix-free, so the AI at a position is found by its first two to four digits', () => {
    for (let length = 3; length <= 4; length++) {
      for (let number = 0; number < 10 ** length; number++) {
        const ai = String(number).padStart(length, '0');
        if (!gs1AiDefinition(ai)) continue;
        for (let prefix = 2; prefix < length; prefix++)
          expect(gs1AiDefinition(ai.slice(0, prefix)), ai).toBeUndefined();
      }
    }
  });
});
