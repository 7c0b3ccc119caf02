import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCompoundBarcode, resolveCompoundBarcode } from './compound.js';
import { hasPredefinedLength } from './gs1-ai-table.js';
import { gs1CheckDigit } from './gs1-values.js';
import { gtinCandidates, isValidGtin, parseGs1, parseGs1DigitalLink, readGs1 } from './gs1.js';

const GS = '\x1d';
const now = new Date('2024-06-15T12:00:00Z');
const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** An element to encode and what parsing it must give back. */
interface Generated {
  ai: string;
  raw: string;
  value: string | number;
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((list) => list.join(''));
const withCheckDigit = (length: number) => digits(length - 1).map((body) => `${body}${gs1CheckDigit(body)}`);
// Character set 82 without the parentheses, which the human-readable form cannot tell from an AI.
const cset82 = `!"%&'*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`.split('');
const text = (max: number) =>
  fc.array(fc.constantFrom(...cset82), { minLength: 1, maxLength: max }).map((list) => list.join(''));

/** A full date within -49..+50 years of `now` and its YYMMDD. */
const date = fc
  .record({
    year: fc.integer({ min: 1975, max: 2074 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const valid = Math.min(day, last);
    return {
      raw: `${pad(year % 100, 2)}${pad(month, 2)}${pad(valid, 2)}`,
      iso: `${year}-${pad(month, 2)}-${pad(valid, 2)}`,
    };
  });

const element = (ai: string, raw: fc.Arbitrary<string>, toValue: (raw: string) => string | number = (value) => value) =>
  raw.map((value): Generated => ({ ai, raw: value, value: toValue(value) }));
const dateElement = (ai: string) => date.map(({ raw, iso }): Generated => ({ ai, raw, value: iso }));
const measure = fc
  .record({
    prefix: fc.constantFrom('310', '311', '315', '330'),
    decimals: fc.integer({ min: 0, max: 5 }),
    amount: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(({ prefix, decimals, amount }): Generated => ({
    ai: `${prefix}${decimals}`,
    raw: pad(amount, 6),
    value: amount / 10 ** decimals,
  }));
const count = (ai: string) =>
  fc.integer({ min: 1, max: 99_999_999 }).map((value): Generated => ({ ai, raw: String(value), value }));

/** The element kinds a set draws from: keys, texts, dates, counts, measures, fixed and variable lengths. */
const pools: Record<string, fc.Arbitrary<Generated>> = {
  '01': element('01', withCheckDigit(14)),
  '02': element('02', withCheckDigit(14)),
  '00': element('00', withCheckDigit(18)),
  '10': element('10', text(20)),
  '21': element('21', text(20)),
  '22': element('22', text(20)),
  '11': dateElement('11'),
  '13': dateElement('13'),
  '15': dateElement('15'),
  '17': dateElement('17'),
  '30': count('30'),
  '37': count('37'),
  '31': measure,
  '8005': element('8005', digits(6)),
  '400': element('400', text(30)),
  '422': element('422', digits(3)),
  '99': element('99', text(90)),
};

const pick = (keys: string[]) => fc.tuple(...keys.map((key) => pools[key] ?? fc.constant(null as never)));
const subsetOf = (keys: string[], max: number) => fc.uniqueArray(fc.constantFrom(...keys), { maxLength: max });

/**
 * A label GS1 allows (General Specifications 4.14): a trade item (01) with its attributes, a
 * logistic unit's content (02) with its count (37), or attributes without a trade item key
 * (a symbol of its own, whose companions may be in another barcode of the label). Elements in
 * any order.
 */
const validLabel = fc
  .oneof(
    subsetOf(['10', '21', '22', '11', '13', '15', '17', '30', '31', '8005', '400', '422', '99'], 7).map((keys) => [
      '01',
      ...keys,
    ]),
    fc
      .tuple(fc.boolean(), subsetOf(['10', '11', '13', '15', '17', '400', '99'], 5))
      .map(([sscc, keys]) => [...(sscc ? ['00'] : []), '02', '37', ...keys]),
    subsetOf(['00', '10', '11', '13', '15', '17', '30', '37', '400', '99'], 6).filter((keys) => keys.length > 0),
  )
  .chain((keys) => fc.shuffledSubarray(keys, { minLength: keys.length }))
  .chain((keys) => pick(keys));

const pool = (key: string) => pools[key] ?? fc.constant(null as never);

/** Two elements GS1 forbids together (General Specifications 4.14, Syntax Dictionary ex=). */
const forbiddenPair: fc.Arbitrary<Generated[]> = fc.oneof(
  fc.tuple(pool('01'), pool('02')),
  fc.tuple(pool('01'), count('37')),
  fc.tuple(pool('01'), element('255', withCheckDigit(13))),
  fc.tuple(pool('02'), element('03', withCheckDigit(14))),
  fc.tuple(pool('21'), element('235', text(28))),
  fc.tuple(
    element(
      '8006',
      withCheckDigit(14).map((gtin) => `${gtin}0102`),
    ),
    fc.oneof(pool('01'), count('37')),
  ),
  fc.tuple(
    element('420', text(20)),
    element(
      '421',
      digits(3).map((country) => `${country}1234`),
    ),
  ),
  fc.tuple(
    element('4330', digits(6)),
    element(
      '4331',
      digits(6).map((value) => `${value}-`),
    ),
  ),
  // The same measure twice with other decimal places: (3103) and (3102).
  fc
    .record({
      prefix: fc.constantFrom('310', '311', '315', '330'),
      decimals: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 2 }),
      amounts: fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999_999 })),
    })
    .map(({ prefix, decimals, amounts }) =>
      decimals.map((n, index): Generated => ({
        ai: `${prefix}${n}`,
        raw: pad(amounts[index]!, 6),
        value: amounts[index]! / 10 ** n,
      })),
    ),
);

/** A valid label with a forbidden pair added, in any order. */
const labelWithForbiddenPair = fc
  .tuple(validLabel, forbiddenPair)
  .chain(([label, pair]) => fc.shuffledSubarray([...label, ...pair], { minLength: label.length + pair.length }));

function encode(elements: Generated[], extraSeparators: boolean): string {
  return elements
    .map(({ ai, raw }, index) => {
      const last = index === elements.length - 1;
      const separator = !last && (!hasPredefinedLength(ai) || extraSeparators) ? GS : '';
      return `${ai}${raw}${separator}`;
    })
    .join('');
}

/** Text made of what GS1 scans are made of: digits, parentheses, GS, identifiers, letters. */
const scannerLike = fc
  .array(fc.constantFrom(...'0123456789()]CdQEe1AB'.split(''), GS), { maxLength: 40 })
  .map((list) => list.join(''));

const parsedElements = (elements: Generated[] | undefined) =>
  elements?.map(({ ai, raw, value }) => ({ ai, raw, value }));

describe('GS1 properties', () => {
  it('parses every encoded element string back to the same elements', () => {
    fc.assert(
      fc.property(
        validLabel,
        fc.constantFrom('', ']C1', ']d2', ']Q3', ']e0', GS),
        fc.boolean(),
        (elements, prefix, extraSeparators) => {
          const data = parseGs1(`${prefix}${encode(elements, extraSeparators)}`, now);
          expect(parsedElements(data?.elements)).toEqual(elements);
          const find = (ai: string) => elements.find((generated) => generated.ai === ai)?.value ?? null;
          expect(data).toMatchObject({
            gtin: find('01') ?? find('02'),
            batch: find('10'),
            serial: find('21'),
            productionDate: find('11'),
            packagingDate: find('13'),
            bestBeforeDate: find('15'),
            expirationDate: find('17'),
            count: find('02') === null ? find('30') : find('37'),
            contentGtin: find('02'),
            sscc: find('00'),
          });
        },
      ),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('parses the human-readable form to the same elements', () => {
    fc.assert(
      fc.property(validLabel, (elements) => {
        const data = parseGs1(elements.map(({ ai, raw }) => `(${ai})${raw}`).join(''), now);
        expect(parsedElements(data?.elements)).toEqual(elements);
      }),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('parses a Digital Link of a GTIN with qualifiers and data attributes to the same elements', () => {
    const attributes = fc.uniqueArray(fc.constantFrom('11', '13', '15', '17', '30', '31', '8005', '400', '99'), {
      maxLength: 5,
    });
    const link = fc
      .tuple(
        pools['01'] ?? fc.constant(null as never),
        fc.option(pools['22'] ?? fc.constant(null as never)),
        fc.option(pools['10'] ?? fc.constant(null as never)),
        fc.option(pools['21'] ?? fc.constant(null as never)),
        attributes.chain((keys) => fc.tuple(...keys.map((key) => pools[key] ?? fc.constant(null as never)))),
      )
      .map(([gtin, cpv, batch, serial, query]) => ({
        path: [gtin, cpv, batch, serial].filter((item): item is Generated => item !== null),
        query,
      }));
    fc.assert(
      fc.property(
        link,
        fc.constantFrom('https://id.gs1.org', 'https://example.com/products'),
        ({ path, query }, stem) => {
          const uri = `${stem}${path.map(({ ai, raw }) => `/${ai}/${encodeURIComponent(raw)}`).join('')}${query.length > 0 ? '?' : ''}${query.map(({ ai, raw }) => `${ai}=${encodeURIComponent(raw)}`).join('&')}`;
          expect(parsedElements(parseGs1DigitalLink(uri, now)?.elements)).toEqual([...path, ...query]);
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('never parses a label that carries a forbidden pair, in any form, and says why', () => {
    fc.assert(
      fc.property(
        labelWithForbiddenPair,
        fc.constantFrom(']C1', ']d2', GS),
        fc.boolean(),
        (elements, prefix, extra) => {
          for (const text of [
            `${prefix}${encode(elements, extra)}`,
            elements.map(({ ai, raw }) => `(${ai})${raw}`).join(''),
          ]) {
            expect(parseGs1(text, now)).toBeNull();
            const reading = readGs1(text, now);
            expect(reading.ok ? null : reading.problem?.key).toMatch(/^gs1(InvalidCombination|ConflictingValues)$/);
            const compound = readCompoundBarcode(text, now);
            expect(compound.refusal).not.toBeNull();
            expect(compound.readings.every((candidate) => candidate.gs1 === null)).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('never throws on arbitrary text, and always offers the text itself as an item code', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), scannerLike), (scanned) => {
        parseGs1(scanned, now);
        parseGs1DigitalLink(scanned, now);
        const interpretations = resolveCompoundBarcode(scanned, now);
        for (const interpretation of interpretations) expect(interpretation.raw).toBe(scanned);
        if (interpretations.length > 0)
          expect(interpretations.some((interpretation) => interpretation.gs1 === null)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('keeps every GTIN candidate valid and naming the same GTIN-14', () => {
    fc.assert(
      fc.property(fc.constantFrom(8, 12, 13, 14).chain(withCheckDigit), (gtin) => {
        const candidates = gtinCandidates(gtin);
        expect(candidates[0]).toBe(gtin.padStart(14, '0'));
        expect(candidates).toContain(gtin);
        for (const candidate of candidates) {
          expect(isValidGtin(candidate)).toBe(true);
          expect(candidate.padStart(14, '0')).toBe(candidates[0]);
        }
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});
