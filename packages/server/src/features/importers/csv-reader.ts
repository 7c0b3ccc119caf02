import { unprocessable } from '../../http/app-error.js';
import type { RawRow } from './import-file-rows.js';

/**
 * CSV after RFC 4180 (Decision 0176): fields in double quotes may hold the delimiter, line breaks
 * and doubled quotes; records end with CRLF, LF or CR. The delimiter is the one of `;`, `,` and tab
 * that the header line (outside quotes) holds most (a Dutch or German Excel writes `;`); none:
 * `,`. The file is UTF-8 with or without a byte order mark; invalid UTF-8 or a NUL character (a
 * binary file) is importFileUnreadable. A quote inside an unquoted field is taken as text, the way
 * spreadsheets read it; an unterminated quoted field runs to the end of the file.
 */
export function decodeCsv(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unprocessable('importFileUnreadable');
  }
  if (text.includes('\u0000')) throw unprocessable('importFileUnreadable');
  return text;
}

const delimiters = [';', ',', '\t'] as const;

/** The delimiter of the first line (outside quotes), `,` when it has none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [delimiter, count] of counts) {
    if (count > most) [best, most] = [delimiter, count];
  }
  return best;
}

/** The records of a CSV text, numbered from 1 (a record with line breaks in quotes is one). */
export function* csvRecords(text: string, delimiter = detectDelimiter(text)): Generator<RawRow> {
  const length = text.length;
  let at = 0;
  let rowNumber = 0;
  while (at < length) {
    const cells: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let value = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote < 0) {
            value += text.slice(at);
            at = length;
            break;
          }
          value += text.slice(at, quote);
          at = quote + 1;
          if (text[at] === '"') {
            value += '"';
            at++;
          } else break;
        }
        // Text after the closing quote up to the delimiter belongs to the field (lenient).
        while (at < length && text[at] !== delimiter && text[at] !== '\n' && text[at] !== '\r') value += text[at++];
      } else {
        const start = at;
        while (at < length && text[at] !== delimiter && text[at] !== '\n' && text[at] !== '\r') at++;
        value = text.slice(start, at);
      }
      cells.push(value);
      if (at >= length) endOfRecord = true;
      else if (text[at] === delimiter) at++;
      else {
        if (text[at] === '\r' && text[at + 1] === '\n') at++;
        at++;
        endOfRecord = true;
      }
    }
    rowNumber++;
    yield { rowNumber, cells };
  }
}
