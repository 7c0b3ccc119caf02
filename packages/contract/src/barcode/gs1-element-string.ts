/**
 * Splitting scanned GS1 element strings into (AI, data) pairs: the raw form a scanner sends
 * (FNC1 as the GS character, optionally behind a symbology identifier) and the human-readable
 * form with the AIs in parentheses.
 */
import { gs1AiAt, gs1AiDefinition } from './gs1-ai-table.js';

/** The ASCII group separator that scanners send for FNC1. */
export const groupSeparator = '\x1d';

export interface Gs1Pair {
  ai: string;
  raw: string;
}

/**
 * Symbology identifiers (ISO/IEC 15424) that announce GS1 data: GS1-128, GS1 DataMatrix, GS1 QR,
 * GS1 DataBar / composite, GS1 DotCode.
 */
const gs1SymbologyIdentifiers = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);
/** EAN-13 / UPC-A (13 digits) and EAN-8 (8 digits): the data is a GTIN itself. */
const eanSymbologyIdentifiers: Record<string, number> = { ']E0': 13, ']E4': 8 };

/** How a scanned text announces itself. */
export type Gs1Marking =
  | { kind: 'gs1'; body: string } // a GS1 symbology identifier or a leading FNC1
  | { kind: 'ean'; body: string } // an EAN/UPC symbology identifier with its digits
  | { kind: 'other'; body: string } // another symbology identifier: not GS1
  | { kind: 'none'; body: string }; // no identifier

/** Reads the symbology identifier (`]` + letter + modifier) or the leading FNC1 of a scan. */
export function readMarking(text: string): Gs1Marking {
  const identifier = /^\][A-Za-z][0-9A-Za-z]/.exec(text)?.[0];
  if (identifier !== undefined) {
    const body = text.slice(identifier.length);
    if (gs1SymbologyIdentifiers.has(identifier)) return { kind: 'gs1', body };
    const eanLength = eanSymbologyIdentifiers[identifier];
    if (eanLength !== undefined && new RegExp(`^[0-9]{${eanLength}}$`).test(body)) return { kind: 'ean', body };
    return { kind: 'other', body };
  }
  if (text.startsWith(groupSeparator)) return { kind: 'gs1', body: text.slice(1) };
  return { kind: 'none', body: text };
}

/** Whether a text is in the human-readable form `(01)...(10)...`. */
export function isHumanReadable(text: string): boolean {
  return /^\s*\(\d{2,4}\)/.test(text);
}

/** Pairs of a raw element string (FNC1 as GS), or null when an AI is unknown or a field does not fit. */
export function splitElementString(body: string): Gs1Pair[] | null {
  const pairs: Gs1Pair[] = [];
  let position = 0;
  while (position < body.length) {
    if (body[position] === groupSeparator) {
      position++;
      continue;
    }
    const definition = gs1AiAt(body, position);
    if (!definition) return null;
    position += definition.ai.length;
    let end: number;
    if (definition.fixedLength !== null) {
      end = position + definition.fixedLength;
      if (end > body.length) return null;
    } else {
      const separator = body.indexOf(groupSeparator, position);
      end = separator === -1 ? body.length : separator;
    }
    pairs.push({ ai: definition.ai, raw: body.slice(position, end) });
    // A fixed-length field outside the predefined-length table should be followed by FNC1, but a
    // missing one is still unambiguous; a GS after any field is skipped at the top of the loop.
    position = end;
  }
  return pairs.length > 0 ? pairs : null;
}

/** Pairs of the human-readable form, or null when it is not one or an AI is unknown. */
export function splitHumanReadable(body: string): Gs1Pair[] | null {
  const cleaned = body.split(groupSeparator).join('').trim();
  const parts = cleaned.split(/\((\d{2,4})\)/);
  // split with a capture group: ['', ai, value, ai, value, ...]
  if (parts.length < 3 || parts[0] !== '') return null;
  const pairs: Gs1Pair[] = [];
  for (let index = 1; index < parts.length; index += 2) {
    const ai = parts[index] ?? '';
    if (!gs1AiDefinition(ai)) return null;
    pairs.push({ ai, raw: (parts[index + 1] ?? '').trim() });
  }
  return pairs;
}
