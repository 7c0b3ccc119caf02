/**
 * Splitting GS1 Digital Link URIs (GS1 Digital Link standard 1.x) into (AI, data) pairs:
 * `https://{any domain}/{optional path}/{primary key AI}/{value}[/{qualifier AI}/{value}...]`
 * `[?{AI}={value}&...]`. Query parameters that are not AIs (linkType, utm_...) are ignored.
 * The convenience alphas of Digital Link 1.0 (`/gtin/.../lot/...`) are read as their AIs.
 */
import { gs1AiDefinition } from './gs1-ai-table.js';
import type { Gs1Pair } from './gs1-element-string.js';

/** Primary keys and the qualifiers that may follow each in the path. */
const qualifiers: Record<string, string[]> = {
  '01': ['22', '10', '21', '235'],
  '00': [],
  '253': [],
  '255': [],
  '401': [],
  '402': [],
  '414': ['254', '7040'],
  '415': ['8020'],
  '417': ['7040'],
  '8003': [],
  '8004': ['7040'],
  '8006': ['22', '10', '21'],
  '8010': ['8011'],
  '8013': [],
  '8017': ['8019'],
  '8018': ['8019'],
};

const alphas = new Map<string, string>(
  Object.entries({
    gtin: '01',
    itip: '8006',
    cpv: '22',
    lot: '10',
    ser: '21',
    sscc: '00',
    gln: '414',
    party: '417',
    glnx: '254',
    gdti: '253',
    ginc: '401',
    gsin: '402',
    grai: '8003',
    giai: '8004',
    gsrnp: '8017',
    gsrn: '8018',
    srin: '8019',
    gcn: '255',
    cpid: '8010',
    cpsn: '8011',
    gmn: '8013',
    refno: '8020',
    tpx: '235',
    exp: '17',
  }),
);

const uriPattern = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;

/** Whether the text looks like an http(s) URI (a candidate Digital Link). */
export function isHttpUri(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function toAi(key: string): string | null {
  const ai = /^[0-9]{2,4}$/.test(key) ? key : alphas.get(key.toLowerCase());
  return ai !== undefined && gs1AiDefinition(ai) ? ai : null;
}

/** Pads a GTIN-8/12/13 given in a Digital Link to the GTIN-14 the AI 01 carries. */
function normalise(ai: string, value: string): string {
  return ai === '01' && /^([0-9]{8}|[0-9]{12,13})$/.test(value) ? value.padStart(14, '0') : value;
}

/** The path's pairs from `start`: a primary key and its qualifiers, or null. */
function pathPairs(segments: string[], start: number): Gs1Pair[] | null {
  const primary = toAi(segments[start] ?? '');
  const allowed = primary === null ? undefined : qualifiers[primary];
  if (primary === null || allowed === undefined || (segments.length - start) % 2 !== 0) return null;
  const pairs: Gs1Pair[] = [];
  for (let index = start; index < segments.length; index += 2) {
    const ai = toAi(segments[index] ?? '');
    const value = decode(segments[index + 1] ?? '');
    if (ai === null || value === null || value === '') return null;
    if (index > start && !allowed.includes(ai)) return null;
    pairs.push({ ai, raw: normalise(ai, value) });
  }
  return pairs;
}

/** Pairs of a Digital Link URI, or null when it is not one. */
export function splitDigitalLink(uri: string): Gs1Pair[] | null {
  const match = uriPattern.exec(uri.trim());
  if (!match) return null;
  const segments = (match[1] ?? '').split('/').filter((segment) => segment !== '');
  let pairs: Gs1Pair[] | null = null;
  // The path may start with any stem; the key is the first segment from which the rest parses.
  for (let start = 0; start < segments.length && pairs === null; start++) pairs = pathPairs(segments, start);
  if (pairs === null) return null;
  for (const parameter of (match[2] ?? '').split('&')) {
    if (parameter === '') continue;
    const equals = parameter.indexOf('=');
    const ai = toAi(equals === -1 ? parameter : parameter.slice(0, equals));
    if (ai === null) continue;
    const value = decode(equals === -1 ? '' : parameter.slice(equals + 1));
    if (value === null || value === '') return null;
    pairs.push({ ai, raw: value });
  }
  return pairs;
}
