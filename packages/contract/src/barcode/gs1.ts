/**
 * GS1 barcodes (issue 5, point 3): element strings of GS1-128, GS1 DataMatrix, GS1 QR and GS1
 * DataBar, their human-readable form, and GS1 Digital Link URIs, read with our own table of
 * application identifiers (gs1-ai-table.ts).
 *
 * Rules:
 * - Fixed-length AIs are read by their length; variable-length ones end at FNC1 (sent as GS,
 *   \x1d) or at the end of the text.
 * - An unknown AI, a field that does not fit its AI (length, character set) or a wrong check
 *   digit (GTIN, SSCC, GLN, ...) makes the whole text "not GS1": null. So a GTIN with a bad check
 *   digit is never trusted: the caller falls back to the raw text as an item code, which the
 *   workflow then reports as an unknown item.
 * - GS1 that breaks a rule is refused with a reason (readGs1, readGs1DigitalLink; parseGs1 and
 *   parseGs1DigitalLink answer null): a date AI with no real date (gs1InvalidDate {ai, value}),
 *   a count (30, 37) of 0 (gs1ZeroCount {ai}), the same AI twice with different data
 *   (gs1ConflictingValues {ai}; twice with the same data is
 *   kept once), an invalid pair or a missing companion (gs1-combinations.ts).
 * - The count (AI 37) belongs to the contained trade item (02), the variable count (30) to the
 *   trade item (01): (01) with (37) is an invalid pair.
 * - A batch (10) at the end of a raw element string that ends in 17YYMMDD (a real date) may have
 *   swallowed an expiry date whose FNC1 was lost: a warning gs1BatchMayHoldExpiry, for the
 *   caller to ask before it books that batch.
 * - Two-digit years take the century that puts the date within -49..+50 years of `now`
 *   (General Specifications 7.12); day 00 in AIs 11-17, 4324 and 4325 is the last day of the month.
 * - 31nn-36nn, 390n, 392n, 394n and 395n carry n decimal places: (3103)000189 is 0.189.
 */
import type { ErrorKey } from '../errors.js';
import { gs1AiDefinition } from './gs1-ai-table.js';
import { combinationProblem } from './gs1-combinations.js';
import { gs1Date } from './gs1-dates.js';
import { isHttpUri, splitDigitalLink } from './gs1-digital-link.js';
import {
  groupSeparator,
  isHumanReadable,
  readMarking,
  splitElementString,
  splitHumanReadable,
  type Gs1Pair,
} from './gs1-element-string.js';
import { hasValidCheckDigit, readGs1Element } from './gs1-values.js';

export interface Gs1Element {
  /** The application identifier, e.g. '01', '3103'. */
  ai: string;
  /** The AI's data title, e.g. 'BATCH/LOT'. */
  title: string;
  /** The data field as encoded. */
  raw: string;
  /** Dates as YYYY-MM-DD (7003 as YYYY-MM-DDThh:mm), decimals and counts as numbers, else the text. */
  value: string | number;
}

/** Why GS1 data was refused: an error key (errors.ts) and its arguments. */
export interface Gs1Problem {
  key: Extract<
    ErrorKey,
    'gs1InvalidDate' | 'gs1ZeroCount' | 'gs1ConflictingValues' | 'gs1InvalidCombination' | 'gs1MissingCompanion'
  >;
  args: Record<string, string>;
}

/** Something in valid GS1 data the operator should confirm before it is booked. */
export interface Gs1Warning {
  /** The batch (10) ends in 17YYMMDD: an expiry date whose separator may have been lost. */
  key: 'gs1BatchMayHoldExpiry';
  args: { batch: string; expiry: string };
}

export interface Gs1Data {
  elements: Gs1Element[];
  /** AI 01, else AI 02 (the content of a logistic unit): 14 digits, check digit verified. */
  gtin: string | null;
  /** AI 02: gtin names the contained trade item, and count is its AI 37. */
  contentGtin?: string | null;
  batch: string | null;
  serial: string | null;
  productionDate: string | null;
  packagingDate: string | null;
  bestBeforeDate: string | null;
  expirationDate: string | null;
  /** AI 37 (count of contained trade items) beside 02 or 8026, else AI 30 (variable count). */
  count: number | null;
  netWeightKg: number | null;
  /** AI 00. */
  sscc?: string | null;
  /** AI 12. */
  dueDate?: string | null;
  /** AI 16. */
  sellByDate?: string | null;
  /** AI 20. */
  variant?: string | null;
  /** AI 315n. */
  netVolumeL?: number | null;
  /** AI 316n. */
  netVolumeM3?: number | null;
  /** AI 330n. */
  grossWeightKg?: number | null;
  /** AI 311n. */
  lengthM?: number | null;
  /** AI 312n. */
  widthM?: number | null;
  /** AI 313n. */
  heightM?: number | null;
  /** AI 314n. */
  areaM2?: number | null;
  /** AI 400: the customer's purchase order number. */
  orderNumber?: string | null;
  /** What to confirm before booking (empty: nothing). */
  warnings?: Gs1Warning[];
}

/**
 * What a scanned text is as GS1: data; refused GS1 (a problem with a key); or not GS1 at all
 * (problem null). `hasGtin`: the refused text carries a GTIN (01 or 02) with a valid check digit.
 */
export type Gs1Reading = { ok: true; data: Gs1Data } | { ok: false; problem: Gs1Problem | null; hasGtin: boolean };

const notGs1: Gs1Reading = { ok: false, problem: null, hasGtin: false };

/** The elements of (AI, data) pairs, or why not. */
function toElements(pairs: Gs1Pair[], now: Date): { elements: Gs1Element[] } | { problem: Gs1Problem | null } {
  const elements: Gs1Element[] = [];
  let problem: Gs1Problem | null = null;
  for (const { ai, raw } of pairs) {
    const definition = gs1AiDefinition(ai);
    const reading = definition ? readGs1Element(definition, raw, now) : null;
    if (!reading || (!reading.ok && reading.problem === null)) return { problem: null };
    if (!reading.ok) {
      problem ??= reading.problem;
      continue;
    }
    const earlier = elements.find((other) => other.ai === ai);
    if (earlier && earlier.raw !== raw) problem ??= { key: 'gs1ConflictingValues', args: { ai } };
    if (!earlier) elements.push(reading.element);
  }
  if (elements.length === 0 && problem === null) return { problem: null };
  problem ??= combinationProblem(elements.map((element) => element.ai));
  return problem ? { problem } : { elements };
}

/** A batch at the very end of a raw element string that ends in 17YYMMDD (a real date). */
function lostSeparatorWarnings(pairs: Gs1Pair[], body: string, now: Date): Gs1Warning[] {
  const last = pairs[pairs.length - 1];
  if (last?.ai !== '10' || body.endsWith(groupSeparator)) return [];
  const match = /^(.+)17([0-9]{6})$/.exec(last.raw);
  const expiry = match ? gs1Date(match[2]!, now, true) : null;
  return expiry === null ? [] : [{ key: 'gs1BatchMayHoldExpiry', args: { batch: last.raw, expiry } }];
}

function toData(elements: Gs1Element[]): Gs1Data {
  const text = (...ais: string[]): string | null => {
    for (const ai of ais) {
      const value = elements.find((element) => element.ai === ai)?.value;
      if (value !== undefined) return String(value);
    }
    return null;
  };
  const number = (...ais: string[]): number | null => {
    for (const ai of ais) {
      const value = elements.find((element) => element.ai === ai)?.value;
      if (typeof value === 'number') return value;
    }
    return null;
  };
  // A measure AI with any number of decimal places: 3100..3105.
  const measure = (prefix: string): number | null => number(...[0, 1, 2, 3, 4, 5].map((n) => `${prefix}${n}`));
  return {
    elements,
    gtin: text('01', '02'),
    batch: text('10'),
    serial: text('21'),
    productionDate: text('11'),
    packagingDate: text('13'),
    bestBeforeDate: text('15'),
    expirationDate: text('17'),
    contentGtin: text('02'),
    count: elements.some((element) => element.ai === '02' || element.ai === '8026') ? number('37') : number('30'),
    netWeightKg: measure('310'),
    sscc: text('00'),
    dueDate: text('12'),
    sellByDate: text('16'),
    variant: text('20'),
    netVolumeL: measure('315'),
    netVolumeM3: measure('316'),
    grossWeightKg: measure('330'),
    lengthM: measure('311'),
    widthM: measure('312'),
    heightM: measure('313'),
    areaM2: measure('314'),
    orderNumber: text('400'),
    warnings: [],
  };
}

function fromPairs(pairs: Gs1Pair[] | null, now: Date, warnings: Gs1Warning[] = []): Gs1Reading {
  if (!pairs) return notGs1;
  const read = toElements(pairs, now);
  if ('elements' in read) return { ok: true, data: { ...toData(read.elements), warnings } };
  const hasGtin = pairs.some(
    ({ ai, raw }) => (ai === '01' || ai === '02') && /^[0-9]{14}$/.test(raw) && hasValidCheckDigit(raw),
  );
  return { ok: false, problem: read.problem, hasGtin };
}

/** The data of a reading, or null. */
const dataOf = (reading: Gs1Reading): Gs1Data | null => (reading.ok ? reading.data : null);

/**
 * What a scanned element string is as GS1 (parseGs1 for the forms it accepts): its data, or
 * refused with a reason, or not GS1 at all.
 */
export function readGs1(text: string, now: Date = new Date()): Gs1Reading {
  const marking = readMarking(text.trim());
  switch (marking.kind) {
    case 'other':
      return notGs1;
    case 'ean':
      return fromPairs([{ ai: '01', raw: marking.body.padStart(14, '0') }], now);
    case 'gs1':
    case 'none': {
      const { body } = marking;
      if (isHumanReadable(body)) return fromPairs(splitHumanReadable(body), now);
      const pairs = splitElementString(body);
      return fromPairs(pairs, now, pairs ? lostSeparatorWarnings(pairs, body, now) : []);
    }
  }
}

/** What a GS1 Digital Link URI is as GS1 (parseGs1DigitalLink): its data, refused, or not one. */
export function readGs1DigitalLink(uri: string, now: Date = new Date()): Gs1Reading {
  const { body } = readMarking(uri.trim());
  return isHttpUri(body) ? fromPairs(splitDigitalLink(body), now) : notGs1;
}

/**
 * The GS1 data of a scanned element string, or null when the text is not GS1. Accepts the raw
 * form with or without a symbology identifier (]C1 GS1-128, ]d2 DataMatrix, ]Q3 QR, ]e0 DataBar,
 * ]J1 DotCode) or a leading FNC1, FNC1 as GS (\x1d), and the human-readable "(01)...(10)..." form.
 * An EAN/UPC scan with its identifier (]E0 thirteen digits, ]E4 eight) reads as its GTIN.
 * Other symbology identifiers (]C0, ]d1, ]Q1 ...) mean "not GS1": null.
 */
export function parseGs1(text: string, now: Date = new Date()): Gs1Data | null {
  return dataOf(readGs1(text, now));
}

/**
 * The GS1 data of a GS1 Digital Link URI (any domain, e.g.
 * https://id.gs1.org/01/09506000134352/10/AB-123?17=201225), or null when it is not one.
 * A GTIN-8/12/13 in the path is padded to 14 digits. A symbology identifier in front is ignored.
 */
export function parseGs1DigitalLink(uri: string, now: Date = new Date()): Gs1Data | null {
  return dataOf(readGs1DigitalLink(uri, now));
}

/**
 * Whether a code of 8, 12, 13 or 14 digits ends in a digit that is not its GS1 check digit: a
 * GTIN mistyped or misread (the barcode setup warns and asks for the same code again).
 */
export function hasWrongGtinCheckDigit(code: string): boolean {
  return /^([0-9]{8}|[0-9]{12,14})$/.test(code) && !hasValidCheckDigit(code);
}

/** Whether the digits are a GTIN-8, GTIN-12, GTIN-13 or GTIN-14 with a correct check digit. */
export function isValidGtin(digits: string): boolean {
  return /^([0-9]{8}|[0-9]{12,14})$/.test(digits) && hasValidCheckDigit(digits);
}

/**
 * The forms an item's barcode may be stored in for a GTIN: the GTIN-14 first, then without
 * leading zeros as GTIN-13, GTIN-12 (UPC-A) and GTIN-8, each only when the dropped digits are
 * zeros. Accepts a GTIN in any of those lengths; anything that is not digits of such a length: [].
 * Check digits are not verified here (use isValidGtin).
 */
export function gtinCandidates(gtin: string): string[] {
  const digits = gtin.trim();
  if (!/^([0-9]{8}|[0-9]{12,14})$/.test(digits)) return [];
  const gtin14 = digits.padStart(14, '0');
  const candidates = [gtin14];
  for (const length of [13, 12, 8]) {
    if (/^0*$/.test(gtin14.slice(0, 14 - length))) candidates.push(gtin14.slice(14 - length));
  }
  return candidates;
}
