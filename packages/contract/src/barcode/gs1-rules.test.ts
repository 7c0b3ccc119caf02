import { describe, expect, it } from 'vitest';
import { readCompoundBarcode } from './compound.js';
import { gs1AiDefinition } from './gs1-ai-table.js';
import { parseGs1, readGs1, readGs1DigitalLink, type Gs1Reading } from './gs1.js';

const GS = '\x1d';
const now = new Date('2024-06-15T12:00:00Z');
const gtin = '09506000134352';
const content = '09501101020917';
const sscc = '106141411234567897';

/** The problem of a refused reading ('parsed' when it parsed, 'not GS1' when it is not GS1). */
const problemOf = (reading: Gs1Reading) =>
  reading.ok
    ? 'parsed'
    : reading.problem === null
      ? 'not GS1'
      : { key: reading.problem.key, args: reading.problem.args };
const problem = (text: string) => problemOf(readGs1(text, now));
const invalidPair = (first: string, second: string) => ({ key: 'gs1InvalidCombination', args: { first, second } });

describe('GS1 invalid pairs (General Specifications 4.14, Syntax Dictionary ex=)', () => {
  it.each([
    ['(01) with (02)', `(01)${gtin}(02)${content}(37)5`, invalidPair('01', '02')],
    ['(01) with (37)', `(01)${gtin}(37)5`, invalidPair('01', '37')],
    ['(01) with (37), raw', `01${gtin}375`, invalidPair('01', '37')],
    ['(01) with (255)', `(01)${gtin}(255)0614141000418`, invalidPair('01', '255')],
    ['(02) with (03)', `(02)${content}(37)5(03)${gtin}`, invalidPair('02', '03')],
    ['(21) with (235)', `(01)${gtin}(21)SN1(235)TPX1`, invalidPair('21', '235')],
    ['(420) with (421)', `(00)${sscc}(420)12345(421)5281234AB`, invalidPair('420', '421')],
    ['(422) with (426)', `(01)${gtin}(422)276(426)276`, invalidPair('422', '426')],
    ['(3103) with (3102): one net weight twice', `(01)${gtin}(3103)000189(3102)001234`, invalidPair('3103', '3102')],
    ['(3300) with (3305)', `(00)${sscc}(3300)000100(3305)000001`, invalidPair('3300', '3305')],
    ['(3920) with (3932)', `(01)${gtin}(30)2(3920)100(3932)978100`, invalidPair('3920', '3932')],
    ['(4330) with (4331)', `(00)${sscc}(4330)001200(4331)000500-`, invalidPair('4330', '4331')],
    ['(7250) with (7251)', `(8018)${sscc}(7250)19850630(7251)198506301430`, invalidPair('7250', '7251')],
    ['(7253) with (7256)', `(8018)${sscc}(7253)DOE(7256)JOHN.DOE`, invalidPair('7253', '7256')],
    ['(8006) with (01)', `(8006)${gtin}0102(01)${gtin}`, invalidPair('8006', '01')],
    ['(8006) with (37)', `(8006)${gtin}0102(37)4`, invalidPair('8006', '37')],
    ['(8026) with (02)', `(02)${content}(37)2(8026)${gtin}0102`, invalidPair('02', '8026')],
    ['(8017) with (8018)', `(8017)${sscc}(8018)${sscc}`, invalidPair('8017', '8018')],
  ])('refuses %s', (_name, text, expected) => {
    expect(problem(text)).toEqual(expected);
    expect(parseGs1(text, now)).toBeNull();
  });

  it('refuses one AI with two different values, and keeps the same value given twice once', () => {
    expect(problem(`(01)${gtin}(10)A(10)B`)).toEqual({ key: 'gs1ConflictingValues', args: { ai: '10' } });
    expect(problem(`(01)${gtin}(3103)000189(3103)000190`)).toEqual({
      key: 'gs1ConflictingValues',
      args: { ai: '3103' },
    });
    expect(parseGs1(`(01)${gtin}(3103)000189(3103)000189`, now)?.netWeightKg).toBe(0.189);
  });

  it('accepts the same measure in two units and a measure beside other measures', () => {
    expect(parseGs1(`(01)${gtin}(3103)000189(3202)000042`, now)?.netWeightKg).toBe(0.189);
    expect(parseGs1(`(01)${gtin}(3102)001234(3302)001300(3111)000250`, now)).toMatchObject({
      netWeightKg: 12.34,
      grossWeightKg: 13,
      lengthM: 25,
    });
  });

  it('refuses an invalid pair in a Digital Link too', () => {
    expect(problemOf(readGs1DigitalLink(`https://id.gs1.org/01/${gtin}?37=5`, now))).toEqual(invalidPair('01', '37'));
    expect(problemOf(readGs1DigitalLink(`https://id.gs1.org/01/${gtin}?3103=000189&3102=001234`, now))).toEqual(
      invalidPair('3103', '3102'),
    );
  });
});

describe('GS1 requisites (Syntax Dictionary req=), checked when the scan carries a trade item key', () => {
  it('refuses (02) without its count (37), and (37) without (02) beside a trade item key', () => {
    expect(problem(`(02)${content}(10)L1`)).toEqual({ key: 'gs1MissingCompanion', args: { ai: '02', required: '37' } });
    expect(problem(`(8026)${gtin}0102`)).toEqual({ key: 'gs1MissingCompanion', args: { ai: '8026', required: '37' } });
  });

  it('refuses attributes of a single trade item beside a content GTIN (02)', () => {
    expect(problem(`(02)${content}(37)5(21)SN1`)).toEqual({
      key: 'gs1MissingCompanion',
      args: { ai: '21', required: '01, 03, 8006' },
    });
    expect(problem(`(02)${content}(37)5(3300)000100`)).toEqual({
      key: 'gs1MissingCompanion',
      args: { ai: '3300', required: '00, 01' },
    });
    expect(problem(`(02)${content}(37)5(717)SRN-1`)).toEqual({
      key: 'gs1MissingCompanion',
      args: { ai: '717', required: '01' },
    });
  });

  it('reads (02) with (37) as the count of the contained trade item, with or without the SSCC', () => {
    for (const text of [`(02)${content}(37)25(10)L1`, `(00)${sscc}(02)${content}(37)25`, `02${content}3725${GS}10L1`]) {
      expect(parseGs1(text, now), text).toMatchObject({ gtin: content, contentGtin: content, count: 25 });
    }
  });

  it('takes the variable count (30) of a trade item (01), never a count (37)', () => {
    expect(parseGs1(`(01)19012345678903(30)8`, now)).toMatchObject({ gtin: '19012345678903', count: 8 });
    expect(parseGs1(`(01)19012345678903(30)8`, now)?.contentGtin).toBeNull();
  });

  it('refuses a count of 0, which would otherwise be booked as one scan', () => {
    expect(problem(`(02)${content}(37)0`)).toEqual({ key: 'gs1ZeroCount', args: { ai: '37' } });
    expect(problem(`(01)19012345678903(30)00`)).toEqual({ key: 'gs1ZeroCount', args: { ai: '30' } });
  });

  it('reads a symbol without a trade item key as it is: its companions may be in another barcode', () => {
    expect(parseGs1('(17)250101(10)L1', now)).toMatchObject({ expirationDate: '2025-01-01', batch: 'L1' });
    expect(parseGs1(`(00)${sscc}(3300)000100`, now)).toMatchObject({ sscc, grossWeightKg: 100 });
    expect(parseGs1('10ABC', now)?.batch).toBe('ABC');
  });
});

describe('GS1 dates still read as text before', () => {
  it.each([
    ['7007', '240101', '2024-01-01'],
    ['7007', '240101240131', '2024-01-01/2024-01-31'],
    ['7011', '240615', '2024-06-15'],
    ['7011', '2406151430', '2024-06-15T14:30'],
    ['8008', '24061514', '2024-06-15T14'],
    ['8008', '2406151430', '2024-06-15T14:30'],
    ['8008', '240615143059', '2024-06-15T14:30:59'],
    ['4324', '2406001200', '2024-06-30T12:00'],
    ['4325', '2406151800', '2024-06-15T18:00'],
    ['4326', '240615', '2024-06-15'],
    ['7250', '19850630', '1985-06-30'],
    ['7251', '198506301430', '1985-06-30T14:30'],
  ])('reads (%s)%s as %s', (ai, raw, value) => {
    const key = ai.startsWith('43') ? `(00)${sscc}` : ai.startsWith('725') ? `(8018)${sscc}` : `(01)${gtin}`;
    expect(parseGs1(`${key}(${ai})${raw}`, now)?.elements[1]).toMatchObject({ ai, raw, value });
  });

  it.each([
    ['7007', '241301'],
    ['7007', '240131240101'], // a range that ends before it starts
    ['7007', '240230240301'],
    ['7011', '240631'],
    ['7011', '2406152400'],
    ['8008', '24061524'],
    ['8008', '2406151460'],
    ['8008', '240615145'], // minutes need two digits
    ['8008', '24061514306'],
    ['8008', '240615143060'],
    ['4324', '2413011200'],
    ['4325', '2406152360'],
    ['4326', '240600'], // day 00 only for 11-17, 4324 and 4325
    ['7250', '19850231'],
    ['7250', '19851301'],
    ['7251', '198506302400'],
    ['7006', '240431'],
    ['17', '240230'],
  ])('refuses (%s)%s with gs1InvalidDate', (ai, raw) => {
    const key = ai.startsWith('43') ? `(00)${sscc}` : ai.startsWith('725') ? `(8018)${sscc}` : `(01)${gtin}`;
    expect(problem(`${key}(${ai})${raw}`)).toEqual({ key: 'gs1InvalidDate', args: { ai, value: raw } });
  });
});

describe('the newest AIs of the Syntax Dictionary', () => {
  it('knows every one, so a label that carries them is read whole', () => {
    const newest = [
      ...['03', '7010', '7011', '7041', '716', '717', '7240', '7241', '7242', '8013', '8014', '8026', '8030'],
      ...['8040', '8041', '8042', '8043', '4309', '4326', '4330', '4331', '4332', '4333'],
      ...Array.from({ length: 10 }, (_, n) => `725${n}`),
      ...Array.from({ length: 17 }, (_, n) => `43${String(n + 10)}`),
    ];
    for (const ai of newest) expect(gs1AiDefinition(ai), ai).toBeDefined();
  });

  it('reads a phone with its IMEIs and SIMs, an NHRN and a model number', () => {
    const data = parseGs1(
      `]d201${gtin}21SN-1${GS}8040490154203237518${GS}8041356938035643809${GS}` +
        `8042${'8'.repeat(32)}${GS}8043${'1'.repeat(18)}07${GS}717052-20220012345${GS}8014MUDI-12AB${GS}7240PROTO-1`,
      now,
    );
    expect(data?.elements.map((element) => element.ai)).toEqual([
      '01',
      '21',
      '8040',
      '8041',
      '8042',
      '8043',
      '717',
      '8014',
      '7240',
    ]);
    expect(data?.elements.find((element) => element.ai === '8043')?.value).toBe(`${'1'.repeat(18)}07`);
  });

  it('reads a delivery label with temperatures, a geo location and return addresses', () => {
    const data = parseGs1(
      `(00)${sscc}(4309)00123456780098765432(4331)000250-(4332)003000(4310)ACME(4319)+4912345(4321)1(4324)2406150800(4326)240616`,
      now,
    );
    expect(data?.elements.map((element) => element.ai)).toEqual([
      '00',
      '4309',
      '4331',
      '4332',
      '4310',
      '4319',
      '4321',
      '4324',
      '4326',
    ]);
  });

  it('reads a patient wristband and a test-by date', () => {
    expect(parseGs1(`(8018)${sscc}(7250)19850630(7252)2(7253)DOE(7254)JANE(7257)MAIN-ST-1`, now)).not.toBeNull();
    expect(parseGs1(`(8018)${sscc}(7256)JANE.DOE(7259)DOE(7258)1/2`, now)).toBeNull(); // 7259 with 7256
    expect(parseGs1(`(01)${gtin}(7010)02(7011)2406301200`, now)?.elements[2]?.value).toBe('2024-06-30T12:00');
  });
});

describe('a batch that may hold an expiry date whose separator was lost', () => {
  const warning = (batch: string, expiry: string) => [{ key: 'gs1BatchMayHoldExpiry', args: { batch, expiry } }];

  it('warns when a raw batch at the end ends in 17YYMMDD with a real date', () => {
    expect(parseGs1(`01${gtin}10ABC17250101`, now)?.warnings).toEqual(warning('ABC17250101', '2025-01-01'));
    expect(parseGs1(`]C101${gtin}17241231${'10'}L-817250200`, now)).toMatchObject({
      batch: 'L-817250200',
      warnings: warning('L-817250200', '2025-02-28'),
    });
    expect(parseGs1('10ABC12317201225', now)?.warnings).toEqual(warning('ABC12317201225', '2020-12-25'));
  });

  it('does not warn when the date is not real, the batch was closed or delimited, or is not last', () => {
    for (const text of [
      `01${gtin}10ABC17251301`,
      `01${gtin}10ABC17`,
      `01${gtin}1017250101`, // nothing before the 17
      `01${gtin}10ABC17250101${GS}`,
      `(01)${gtin}(10)ABC17250101`,
      `10ABC17250101${GS}01${gtin}`,
      `01${gtin}10ABC${GS}17250101`,
    ]) {
      expect(parseGs1(text, now)?.warnings, text).toEqual([]);
    }
  });
});

describe('readCompoundBarcode: refused GS1', () => {
  it('refuses GS1 that says it is GS1 or carries a GTIN, leaving only the text as an item code', () => {
    for (const text of [`(01)${gtin}(37)5`, `]C101${gtin}375`, `01${gtin}375`, `https://id.gs1.org/01/${gtin}?37=5`]) {
      const { readings, refusal } = readCompoundBarcode(text, now);
      expect(refusal, text).toEqual(invalidPair('01', '37'));
      expect(readings.map((reading) => reading.gs1)).toEqual([null]);
    }
    expect(readCompoundBarcode(`]d201${gtin}17240230`, now).refusal).toEqual({
      key: 'gs1InvalidDate',
      args: { ai: '17', value: '240230' },
    });
  });

  it('leaves plain text that merely looks like refused GS1 without a GTIN as an item code', () => {
    expect(readCompoundBarcode('1724023010A', now)).toMatchObject({
      refusal: null,
      readings: [{ itemCode: '1724023010A' }],
    });
    expect(readCompoundBarcode('17240230', now)).toMatchObject({ refusal: null, readings: [{ itemCode: '17240230' }] });
  });

  it('takes the count of (37) for the contained item (02)', () => {
    const [first] = readCompoundBarcode(`(00)${sscc}(02)${content}(37)12(10)L1`, now).readings;
    expect(first).toMatchObject({ itemCode: content, quantity: 12, batchCode: 'L1' });
  });
});
